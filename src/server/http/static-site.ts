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
  '.wasm': 'application/wasm',
};
// scripts/precompress.mjs compresses the same kinds of files at build time
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.webmanifest',
  '.wasm',
]);

/**
 * The built client, loaded into memory once at start with gzip and brotli variants: the bundle is small,
 * and serving from memory keeps the hot path free of disk I/O. The build writes the variants beside each
 * file (scripts/precompress.mjs), so a start only reads them; compressing here is the fallback (about 1 s
 * of brotli for the whole bundle, which every start would otherwise pay).
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
      if (entry.endsWith('.br') || entry.endsWith('.gz')) continue;
      const urlPath = '/' + path.relative(root, full).split(path.sep).join('/');
      const variant = (suffix: string) =>
        existsSync(full + suffix) ? readFileSync(full + suffix) : undefined;
      files.set(
        urlPath,
        toStaticFile(urlPath, readFileSync(full), { gzip: variant('.gz'), brotli: variant('.br') }),
      );
    }
  };
  walk(root);
  return files;
}

function isCompressible(urlPath: string, size: number): boolean {
  return COMPRESSIBLE.has(path.extname(urlPath).toLowerCase()) && size > 1024;
}

export function toStaticFile(
  urlPath: string,
  body: Buffer,
  built: { gzip?: Buffer; brotli?: Buffer } = {},
): StaticFile {
  const compressible = isCompressible(urlPath, body.length);
  return {
    body,
    gzip: compressible ? (built.gzip ?? gzipSync(body, { level: 9 })) : undefined,
    brotli: compressible ? (built.brotli ?? brotliCompressSync(body)) : undefined,
    contentType: CONTENT_TYPES[path.extname(urlPath).toLowerCase()] ?? 'application/octet-stream',
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
