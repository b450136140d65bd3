import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchedRoutes } from 'hono/route';
import { AppError } from '../core/app-error';
import { refuseBadFormFields } from './input-characters';

/**
 * The middlewares `uploadLimit` made. A route that takes a file (multipart) instead of JSON declares its
 * limit with one, after `allow(...)`, so a body is read only for a permitted caller; app.ts exempts the
 * multipart requests its route matched from the 1 MB JSON body limit.
 */
const uploadLimits = new WeakSet<MiddlewareHandler>();

const isMultipart = (c: Context) => (c.req.header('Content-Type') ?? '').startsWith('multipart/form-data');

/**
 * A multipart request to a route that declares an `uploadLimit`. Anything else sent there (JSON, say) keeps
 * the JSON limit, since it is parsed before the route.
 */
export const isUploadRequest = (c: Context) =>
  isMultipart(c) && matchedRoutes(c).some((route) => uploadLimits.has(route.handler));

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
  const middleware: MiddlewareHandler = (c, next) => {
    if (!isMultipart(c))
      throw new AppError('bad_request', 'Bitte eine Datei als multipart/form-data im Feld „file“ senden.');
    return limit(c, async () => {
      await refuseBadFormFields(c);
      await next();
    });
  };
  uploadLimits.add(middleware);
  return middleware;
}

/** The bytes of the upload's file (form field „file“), behind `uploadLimit`; its content is core's to check. */
export async function uploadedFile(c: Context): Promise<Buffer> {
  const form = await c.req.formData().catch(() => null);
  const file = form?.get('file');
  if (!file || typeof file === 'string') {
    throw new AppError('bad_request', 'Bitte eine Bilddatei im Feld „file“ senden.');
  }
  return Buffer.from(await file.arrayBuffer());
}
