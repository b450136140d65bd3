// Writes brotli and gzip variants beside the built client files, so the server only reads them at start
// (src/server/http/static-site.ts keeps the same list of compressible kinds).
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

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
let count = 0;
const walk = (dir) => {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      walk(full);
      continue;
    }
    const body = readFileSync(full);
    if (!COMPRESSIBLE.has(path.extname(entry).toLowerCase()) || body.length <= 1024) continue;
    writeFileSync(`${full}.br`, brotliCompressSync(body));
    writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
    count++;
  }
};
walk('dist/web');
console.log(`precompressed ${count} files (brotli, gzip)`);
