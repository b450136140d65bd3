import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './storage';
import { isValidStorageKey } from './storage-key';

const URL_PREFIX = '/uploads/';

/** Uploads on disk live here; the `/uploads` route serves this folder. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** Resolves a key below root, refusing anything that would leave it (defence in depth: keys are ours). */
export function resolveKey(root: string, key: string): string {
  if (!isValidStorageKey(key)) throw new Error(`Ungültiger Speicher-Schlüssel: ${key}`);
  const full = path.resolve(root, ...key.split('/'));
  if (!full.startsWith(path.resolve(root) + path.sep))
    throw new Error(`Ungültiger Speicher-Schlüssel: ${key}`);
  return full;
}

/** Files under DATA_DIR/uploads/{key}, served at /uploads/{key} (http/routes/uploads.ts). */
export function createDiskStorage(root: string): FileStorage {
  return {
    async put(key, body) {
      const full = resolveKey(root, key);
      await mkdir(path.dirname(full), { recursive: true });
      // 'wx': an existing file is never overwritten (spec admin §7 'no overwrite').
      await writeFile(full, body, { flag: 'wx' });
      return `${URL_PREFIX}${key}`;
    },
    async read(key) {
      try {
        return await readFile(resolveKey(root, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolveKey(root, key), { force: true });
    },
    keyOf(url) {
      if (!url.startsWith(URL_PREFIX)) return null;
      const key = url.slice(URL_PREFIX.length).split(/[?#]/)[0] ?? '';
      return isValidStorageKey(key) ? key : null;
    },
  };
}
