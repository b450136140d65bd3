import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../core/app-error';

export const BAD_CHARACTERS_MESSAGE = 'Die Eingabe enthält ungültige Zeichen.';

/**
 * NUL, which PostgreSQL cannot store in text, and UTF-16 surrogates without their partner, which no
 * UTF-8 text can hold (they would be stored as U+FFFD, silently changing the input).
 */
const BAD_CHARACTER = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

const refused = () => new AppError('validation_failed', BAD_CHARACTERS_MESSAGE);

/** True when a string or key anywhere in a parsed JSON value holds a bad character. */
export function containsBadCharacters(value: unknown): boolean {
  // A loop, not recursion: a 1 MB body of nested arrays must not overflow the stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (BAD_CHARACTER.test(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (BAD_CHARACTER.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * True when the path or query string decodes to a bad character. Percent escapes that are not UTF-8
 * count too: a lone surrogate arrives as %ED%A0%80, and hono would pass such escapes on undecoded.
 */
export function urlHasBadCharacters(url: string): boolean {
  if (BAD_CHARACTER.test(url)) return true;
  if (!url.includes('%')) return false;
  for (const run of url.match(PERCENT_RUN) ?? []) {
    try {
      if (BAD_CHARACTER.test(decodeURIComponent(run))) return true;
    } catch {
      return true;
    }
  }
  return false;
}

/**
 * Refuses bad characters in the path, the query string and the JSON body (parsed by json-body.ts) with
 * one 422, before any route reads them (docs/decisions/017-input-edge-and-leaks.md). Streamed answers,
 * such as the CSV export, are thereby refused before their first byte.
 */
export const refuseBadCharacters: MiddlewareHandler<{ Variables: { json: unknown } }> = async (c, next) => {
  if (urlHasBadCharacters(c.req.url) || containsBadCharacters(c.get('json'))) throw refused();
  await next();
};

/**
 * The same for the text fields of a multipart body. Called by the upload routes' limit (upload-limit.ts)
 * once the caller is allowed and the size is checked; the parsed form is cached for the route. A body that
 * is no valid form is left to the route, which answers it.
 */
export async function refuseBadFormFields(c: Context): Promise<void> {
  const form = await c.req.formData().catch(() => null);
  if (!form) return;
  for (const [name, value] of form.entries()) {
    if (BAD_CHARACTER.test(name) || (typeof value === 'string' && BAD_CHARACTER.test(value))) throw refused();
  }
}
