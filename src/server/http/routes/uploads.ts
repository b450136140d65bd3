import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { resolveKey, uploadsDir } from '../../adapters/storage/disk-storage';
import type { AppEnv } from '../app';

// Only image types are served; anything else in the folder stays private.
const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml', // logos only, sanitised on upload (core/settings/sanitize-svg.ts)
};

const UPLOAD_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

/** Serves the disk storage's files (adapters/storage/disk-storage.ts) at /uploads/{key}. */
export function uploadRoutes(dataDir: string) {
  const root = uploadsDir(dataDir);
  return new Hono<AppEnv>().get('/*', async (c) => {
    const key = c.req.path.replace(/^\/uploads\//, '');
    const contentType = CONTENT_TYPES[path.extname(key).toLowerCase()];
    const file = contentType ? await readBelow(root, key) : null;
    if (!file) return c.text('Nicht gefunden.', 404);
    c.header('Content-Type', contentType!);
    c.header('X-Content-Type-Options', 'nosniff');
    // docs/decisions/016: logos and covers are public and shown in webmail, so other sites may embed them.
    // Opened on its own, a file (an SVG above all) renders sandboxed: no script, no requests, no same origin.
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    c.header('Content-Security-Policy', UPLOAD_CSP);
    c.header('Cache-Control', 'public, max-age=3600');
    c.header('Last-Modified', file.modified.toUTCString());
    return c.body(new Uint8Array(file.body), 200);
  });
}

async function readBelow(root: string, key: string) {
  try {
    const full = resolveKey(root, key);
    // A symlink inside the folder must not lead out of it.
    const [real, realRoot] = await Promise.all([realpath(full), realpath(root)]);
    if (!real.startsWith(realRoot + path.sep)) return null;
    const info = await stat(real);
    if (!info.isFile()) return null;
    return { body: await readFile(real), modified: info.mtime };
  } catch {
    return null;
  }
}
