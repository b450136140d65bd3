/**
 * Errors that mean "the database does not answer right now" rather than "this request is wrong": the HTTP
 * layer answers them with 503 and a German message instead of 500 (docs/decisions/015-database-faults.md).
 */

/** A wait for the database that this app cut short (the health check's own deadline). */
export class DatabaseTimeoutError extends Error {
  override name = 'DatabaseTimeoutError';
}

// node-postgres and pg-pool report lost or late connections with plain Errors; these are their messages.
const DRIVER_MESSAGES = [
  'timeout exceeded when trying to connect', // pg-pool: no free connection within connectionTimeoutMillis
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Query read timeout', // query_timeout: the server did not answer at all
  'Client has encountered a connection error and is not queryable',
];

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// SQLSTATEs: query_canceled (statement_timeout), admin/crash shutdown, starting up, too many connections.
const SQL_STATES = new Set(['57014', '57P01', '57P02', '57P03', '53300']);

/**
 * The error in `error`'s cause chain that says the database is unreachable or too slow, if any. Drizzle
 * wraps driver errors in a DrizzleQueryError (whose message carries the query's parameters: log only what
 * this returns).
 */
export function databaseUnavailableCause(error: unknown): (Error & { code?: string }) | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (isUnavailable(current)) return current;
    current = current.cause;
  }
  return undefined;
}

function isUnavailable(error: Error & { code?: unknown }): boolean {
  if (error instanceof DatabaseTimeoutError) return true;
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code && (NETWORK_CODES.has(code) || SQL_STATES.has(code) || code.startsWith('08'))) return true;
  return DRIVER_MESSAGES.includes(error.message);
}

/** `promise`, or a DatabaseTimeoutError after `ms`. The wait is cut short; the work itself is not. */
export function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseTimeoutError(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
