import { mkdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './storage';
import { isValidStorageKey, keyOfUploadUrl, uploadUrlOf } from './storage-key';

/** Uploads on disk live here; `npm run storage:migrate` copies this folder to S3. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** Resolves a key below root, refusing anything that would leave it (defence in depth: keys are ours). */
export function resolveKey(root: string, key: string): string {
  if (!isValidStorageKey(key)) throw new Error(`Ungültiger Speicher-Schlüssel: ${key}`);
  const full = path.resolve(root, ...key.split('/'));
  if (!full.startsWith(path.resolve(root) + path.sep))
    throw new Error(`Ungültiger Speicher-Schlüssel: ${key}`);
  return full;
}

/** What reading a key that names no file answers with: nothing there, a folder, or a path through a file. */
const NOT_A_FILE = new Set(['ENOENT', 'EISDIR', 'ENOTDIR']);

/** Files under DATA_DIR/uploads/{key}, served at /uploads/{key} (http/routes/uploads.ts). */
export function createDiskStorage(root: string): FileStorage {
  return {
    async put(key, body) {
      const full = resolveKey(root, key);
      await mkdir(path.dirname(full), { recursive: true });
      // 'wx': an existing file is never overwritten (docs/product/admin.md#image-uploads).
      await writeFile(full, body, { flag: 'wx' });
      return uploadUrlOf(key);
    },
    async read(key) {
      try {
        // A symlink inside the folder must not lead out of it.
        const [real, realRoot] = await Promise.all([realpath(resolveKey(root, key)), realpath(root)]);
        if (!real.startsWith(realRoot + path.sep)) return null;
        return await readFile(real);
      } catch (error) {
        if (NOT_A_FILE.has((error as NodeJS.ErrnoException).code ?? '')) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolveKey(root, key), { force: true });
    },
    keyOf: keyOfUploadUrl,
  };
}
