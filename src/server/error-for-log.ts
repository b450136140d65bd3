/**
 * How an error is written to the log (pino's `err` serializer, logger.ts): without the personal data that
 * errors carry (docs/decisions/017-input-edge-and-leaks.md). A failed query's message and stack hold its
 * parameters (a search for a name, phone number or e-mail address); a database error's detail holds the
 * row. Kept: the error's type and code, the SQL text with its $n placeholders, PostgreSQL's routine and
 * constraint names and the stack frames, which are enough to find the cause.
 */
export function errorForLog(value: unknown): Record<string, unknown> {
  return describe(value, 0);
}

// Fields of pg's and PGlite's DatabaseError (and Node's system errors) that name things, never values.
const NAMING_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'dataType', 'constraint'];
const EMAIL = /[^\s"'<>()[\]:;,]+@[^\s"'<>()[\]:;,]+\.[a-z]{2,}/gi;

function describe(value: unknown, depth: number): Record<string, unknown> {
  if (!(value instanceof Error)) return { type: typeof value };
  const fields = value as unknown as Record<string, unknown>;
  const message = messageOf(value, fields);
  const described: Record<string, unknown> = { type: value.constructor.name || value.name, message };
  for (const field of NAMING_FIELDS) {
    if (typeof fields[field] === 'string' || typeof fields[field] === 'number')
      described[field] = fields[field];
  }
  const frames = (value.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  described.stack = [`${value.name}: ${message}`, ...frames].join('\n');
  if (value.cause !== undefined && depth < 5) described.cause = describe(value.cause, depth + 1);
  return described;
}

function messageOf(error: Error, fields: Record<string, unknown>): string {
  // drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>"
  if (typeof fields.query === 'string' && error.message.startsWith('Failed query:')) {
    return `Failed query: ${fields.query}`;
  }
  return (
    error.message
      .split('\n')[0]!
      // PostgreSQL quotes the refused value at the end: 'invalid input syntax for type uuid: "…"'
      .replace(/: ".*"$/, ': "…"')
      .replace(EMAIL, '[E-Mail]')
  );
}
