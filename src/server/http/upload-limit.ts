import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../core/app-error';
import { refuseBadFormFields } from './input-characters';

/**
 * Routes that take files (multipart) instead of JSON. app.ts exempts their multipart requests from the
 * 1 MB JSON body limit; each of them applies its own `uploadLimit` instead, after `allow(...)`, so a body
 * is read only for a permitted caller. Add a pattern here when adding an upload route.
 */
const UPLOAD_PATHS: RegExp[] = [
  /^\/api\/profile\/images\/[^/]+$/,
  /^\/api\/admin\/events\/[^/]+\/cover$/,
  /^\/api\/admin\/settings\/logos\/[^/]+$/,
];

const isMultipart = (c: Context) => (c.req.header('Content-Type') ?? '').startsWith('multipart/form-data');

/** Anything else sent to an upload path (JSON, say) keeps the JSON limit, since it is parsed before the route. */
export const isUploadRequest = (c: Context) =>
  isMultipart(c) && UPLOAD_PATHS.some((pattern) => pattern.test(c.req.path));

/** Room for the multipart envelope (boundaries, part headers) around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Refuses a body larger than the file limit plus the envelope before reading it whole: by Content-Length
 * when given, else while streaming (hono's bodyLimit stops reading at the limit). Then refuses bad
 * characters in the form's text fields, as app.ts does for JSON bodies.
 */
export function uploadLimit(maxFileBytes: number, message: string): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: maxFileBytes + MULTIPART_OVERHEAD_BYTES,
    onError: () => {
      throw new AppError('payload_too_large', message);
    },
  });
  return (c, next) => {
    if (!isMultipart(c))
      throw new AppError('bad_request', 'Bitte eine Datei als multipart/form-data im Feld „file“ senden.');
    return limit(c, async () => {
      await refuseBadFormFields(c);
      await next();
    });
  };
}
