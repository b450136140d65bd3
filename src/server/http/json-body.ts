import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { AppError, GERMAN_DEFAULT_MESSAGES } from '../core/app-error';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Parses JSON request bodies once, before any route runs, so every endpoint answers malformed JSON
 * the same way: 400 `invalid_json` with a German message, never a 500.
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

/** Validates the parsed body with a shared zod schema; bad input becomes a 422 with field details. */
export function bodyOf<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  return schema.parse(c.get('json') ?? {});
}
