import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { AppError, GERMAN_DEFAULT_MESSAGES, type ErrorCode } from '../core/app-error';
import type { Logger } from '../logger';

export function errorBody(code: ErrorCode | string, message: string, details?: unknown) {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** Maps every thrown error to `{error:{code,message}}`; unknown errors are logged and become a 500. */
export function handleError(logger: Logger) {
  return (err: Error, c: Context) => {
    if (err instanceof AppError) {
      const retryAfter = (err.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      if (retryAfter) c.header('Retry-After', String(retryAfter));
      return c.json(errorBody(err.code, err.message, err.details), err.status);
    }
    if (err instanceof ZodError) {
      const details = err.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      return c.json(errorBody('validation_failed', GERMAN_DEFAULT_MESSAGES.validation_failed, details), 422);
    }
    if (err instanceof HTTPException) {
      const code: ErrorCode =
        err.status === 413 ? 'payload_too_large' : err.status === 401 ? 'unauthorized' : 'bad_request';
      return c.json(errorBody(code, GERMAN_DEFAULT_MESSAGES[code]), err.status);
    }
    logger.error({ err, path: c.req.path, method: c.req.method }, 'unhandled error');
    return c.json(errorBody('internal', GERMAN_DEFAULT_MESSAGES.internal), 500);
  };
}
