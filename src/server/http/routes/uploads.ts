import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { FileStorage } from '../../adapters/storage/storage';
import {
  contentTypeOfKey,
  IMMUTABLE_CACHE_CONTROL,
  isValidStorageKey,
} from '../../adapters/storage/storage-key';
import type { AppEnv } from '../context';

const UPLOAD_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

/** How long a browser keeps the way to S3_PUBLIC_URL: a day, so a new public URL takes effect soon. */
const REDIRECT_CACHE_CONTROL = 'public, max-age=86400';

/**
 * `/uploads/{key}`, the URL every storage answers from `put` (docs/decisions/029-s3-storage.md): with
 * S3_PUBLIC_URL a redirect to the file in the bucket, else the file read through the storage (disk or S3).
 * Only image types are served; anything else stays private.
 */
export function uploadRoutes(storage: FileStorage, publicBaseUrl?: string) {
  return new Hono<AppEnv>().get('/*', async (c) => {
    const key = c.req.path.replace(/^\/uploads\//, '');
    const contentType = isValidStorageKey(key) ? contentTypeOfKey(key) : undefined;
    if (!contentType) return c.text('Nicht gefunden.', 404);
    if (publicBaseUrl) {
      c.header('Cache-Control', REDIRECT_CACHE_CONTROL);
      return c.redirect(`${publicBaseUrl}/${key}`, 301);
    }
    // an outage throws StorageUnavailableError: 503 (http/errors.ts)
    const body = await storage.read(key);
    if (!body) return c.text('Nicht gefunden.', 404);
    // Keys are never reused (a timestamp in each, put never overwrites): the bytes under a key never change.
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    c.header('Cache-Control', IMMUTABLE_CACHE_CONTROL);
    c.header('ETag', etag);
    c.header('X-Content-Type-Options', 'nosniff');
    // docs/decisions/016: logos and covers are public and shown in webmail, so other sites may embed them.
    // Opened on its own, a file (an SVG above all) renders sandboxed: no script, no requests, no same origin.
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    c.header('Content-Security-Policy', UPLOAD_CSP);
    if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
    c.header('Content-Type', contentType);
    return c.body(new Uint8Array(body), 200);
  });
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === etag || value === '*';
  });
}
