import type { MiddlewareHandler } from 'hono';
import { AppError, GERMAN_DEFAULT_MESSAGES } from '../core/app-error';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Parses JSON request bodies once, before any route runs, so every endpoint answers malformed JSON
 * the same way: 400 `invalid_json` with a German message, never a 500. Routes validate it with `validBody`
 * (validation.ts).
 */
export const jsonBody: MiddlewareHandler<{ Variables: { json: unknown } }> = async (c, next) => {
  const type = c.req.header('Content-Type') ?? '';
  if (METHODS_WITH_BODY.has(c.req.method) && type.includes('json')) {
    const text = await c.req.text();
    try {
      c.set('json', text.trim() === '' ? {} : (JSON.parse(text) as unknown));
    } catch {
      throw new AppError('invalid_json', GERMAN_DEFAULT_MESSAGES.invalid_json);
    }
  }
  await next();
};
