import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../core/app-error';

/**
 * Routes that take files (multipart) instead of JSON. app.ts exempts them from the 1 MB JSON body limit;
 * each of them applies its own `uploadLimit` instead. Add a pattern here when adding an upload route.
 */
const UPLOAD_PATHS: RegExp[] = [/^\/api\/profile\/images\/[^/]+$/];

export const isUploadPath = (pathname: string) => UPLOAD_PATHS.some((pattern) => pattern.test(pathname));

/** Room for the multipart envelope (boundaries, part headers) around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Refuses a body larger than the file limit plus the envelope before reading it whole: by Content-Length
 * when given, else while streaming (hono's bodyLimit stops reading at the limit).
 */
export function uploadLimit(maxFileBytes: number, message: string): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxFileBytes + MULTIPART_OVERHEAD_BYTES,
    onError: () => {
      throw new AppError('payload_too_large', message);
    },
  });
}
