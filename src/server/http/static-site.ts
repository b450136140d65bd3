import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export interface StaticFile {
  body: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
  contentType: string;
  etag: string;
  immutable: boolean;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.webmanifest']);

/**
 * The built client, loaded into memory once at start with gzip and brotli variants precomputed:
 * the bundle is small, and serving from memory keeps the hot path free of disk I/O.
 */
export function loadStaticSite(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(root)) return files;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      const urlPath = '/' + path.relative(root, full).split(path.sep).join('/');
      files.set(urlPath, toStaticFile(urlPath, readFileSync(full)));
    }
  };
  walk(root);
  return files;
}

export function toStaticFile(urlPath: string, body: Buffer): StaticFile {
  const ext = path.extname(urlPath).toLowerCase();
  const compressible = COMPRESSIBLE.has(ext) && body.length > 1024;
  return {
    body,
    gzip: compressible ? gzipSync(body, { level: 9 }) : undefined,
    brotli: compressible ? brotliCompressSync(body) : undefined,
    contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    immutable: urlPath.startsWith('/assets/'),
  };
}

/** Picks the smallest encoding the client accepts. */
export function encodeFor(file: StaticFile, acceptEncoding: string | undefined) {
  const accept = acceptEncoding ?? '';
  if (file.brotli && /\bbr\b/.test(accept)) return { body: file.brotli, encoding: 'br' };
  if (file.gzip && /\bgzip\b/.test(accept)) return { body: file.gzip, encoding: 'gzip' };
  return { body: file.body, encoding: undefined };
}
