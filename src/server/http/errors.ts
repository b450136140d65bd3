import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { AppError, GERMAN_DEFAULT_MESSAGES, type ErrorCode } from '../core/app-error';
import { StorageUnavailableError } from '../adapters/storage/storage';
import { databaseUnavailableCause } from '../db/database-unavailable';
import type { Logger } from '../logger';
import { validationFailed } from './validation';

/** What a request hears while the database does not answer (docs/decisions/015-database-faults.md). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'Die Datenbank antwortet gerade nicht. Bitte versuche es gleich noch einmal.';
/** Seconds a client should wait before trying again after a 503. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** What an upload hears while the file storage (S3) does not answer (docs/decisions/029-s3-storage.md). */
export const STORAGE_PUT_UNAVAILABLE_MESSAGE =
  'Die Datei konnte gerade nicht gespeichert werden. Bitte versuche es gleich noch einmal.';
/** What reading a stored file hears meanwhile. */
export const STORAGE_READ_UNAVAILABLE_MESSAGE =
  'Die Datei ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.';

const unavailablePage = `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Gerade nicht erreichbar</title>
<style>:root{color-scheme:light dark;--bg:#faf8f4;--fg:#1c2430;--muted:#5b6573}
@media (prefers-color-scheme:dark){:root{--bg:#0b1120;--fg:#e6e9ef;--muted:#a3adbb}}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,sans-serif}
main{max-width:32rem;padding:2rem 1.5rem}h1{font:600 1.75rem/1.2 Georgia,serif;margin:0 0 .75rem}p{margin:0 0 1rem;color:var(--muted)}
a{color:inherit}</style></head>
<body><main><h1>Gerade nicht erreichbar</h1><p>${DATABASE_UNAVAILABLE_MESSAGE}</p><p><a href="">Seite neu laden</a></p></main></body>
</html>
`;

export function errorBody(code: ErrorCode | string, message: string, details?: unknown) {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/**
 * Maps every thrown error to `{error:{code,message}}`: a database or file storage that does not answer to
 * 503, unknown errors are logged and become a 500.
 */
export function handleError(logger: Logger) {
  return (thrown: Error, c: Context) => {
    // a zod error no validator caught (validation.ts) answers like theirs, with the general message
    const err = thrown instanceof ZodError ? validationFailed(thrown) : thrown;
    if (err instanceof AppError) {
      const retryAfter = (err.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      if (retryAfter) c.header('Retry-After', String(retryAfter));
      return c.json(errorBody(err.code, err.message, err.details), err.status);
    }
    if (err instanceof HTTPException) {
      const code: ErrorCode =
        err.status === 413 ? 'payload_too_large' : err.status === 401 ? 'unauthorized' : 'bad_request';
      return c.json(errorBody(code, GERMAN_DEFAULT_MESSAGES[code]), err.status);
    }
    if (err instanceof StorageUnavailableError) {
      logger.warn(
        { err: err.cause ?? err, path: c.req.path, method: c.req.method, operation: err.operation },
        'file storage unavailable',
      );
      const message =
        err.operation === 'put' ? STORAGE_PUT_UNAVAILABLE_MESSAGE : STORAGE_READ_UNAVAILABLE_MESSAGE;
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      c.header('Cache-Control', 'no-store');
      if (!c.req.path.startsWith('/api/')) return c.text(message, 503);
      return c.json(errorBody('unavailable', message), 503);
    }
    const unavailable = databaseUnavailableCause(err);
    if (unavailable) {
      // the driver's error only: a wrapping DrizzleQueryError's message carries the query's parameters
      logger.warn(
        { path: c.req.path, method: c.req.method, code: unavailable.code, reason: unavailable.message },
        'database unavailable',
      );
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      c.header('Cache-Control', 'no-store');
      // pages get a page a person can read; the API its usual JSON error
      if (!c.req.path.startsWith('/api/')) return c.html(unavailablePage, 503);
      return c.json(errorBody('unavailable', DATABASE_UNAVAILABLE_MESSAGE), 503);
    }
    logger.error({ err, path: c.req.path, method: c.req.method }, 'unhandled error');
    return c.json(errorBody('internal', GERMAN_DEFAULT_MESSAGES.internal), 500);
  };
}
