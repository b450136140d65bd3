import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PutObjectCommand, paginateListObjectsV2, type S3Client } from '@aws-sdk/client-s3';
import { contentTypeOfKey, IMMUTABLE_CACHE_CONTROL, isValidStorageKey } from './storage-key';

export interface MigrateUploadsResult {
  copied: number;
  /** Already in the bucket with the same size (and the same MD5, where the ETag is one). */
  skipped: number;
  /** Files whose name is no storage key (`.DS_Store`, …): the app never wrote or served them. */
  ignored: string[];
  failed: { key: string; error: unknown }[];
}

/**
 * `npm run storage:migrate` (docs/decisions/029-s3-storage.md): copies every file under DATA_DIR/uploads to
 * the bucket under the same key, so the `/uploads/{key}` URLs in the database keep working. Idempotent:
 * a file already there with the same size and ETag is skipped; a differing one is copied again.
 */
export async function migrateUploads(options: {
  root: string;
  client: S3Client;
  bucket: string;
  onCopied?: (key: string) => void;
}): Promise<MigrateUploadsResult> {
  const { root, client, bucket } = options;
  const result: MigrateUploadsResult = { copied: 0, skipped: 0, ignored: [], failed: [] };
  const files = await listFiles(root);
  if (files.length === 0) return result;
  // one listing instead of a HEAD per file; a bucket that is missing or refuses us stops here
  const existing = new Map<string, { size: number; etag: string }>();
  for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
    for (const object of page.Contents ?? []) {
      if (object.Key) existing.set(object.Key, { size: object.Size ?? -1, etag: object.ETag ?? '' });
    }
  }
  for (const key of files) {
    if (!isValidStorageKey(key)) {
      result.ignored.push(key);
      continue;
    }
    try {
      const body = await readFile(path.join(root, ...key.split('/')));
      if (isSameFile(existing.get(key), body)) {
        result.skipped += 1;
        continue;
      }
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentLength: body.length,
          ContentType: contentTypeOfKey(key) ?? 'application/octet-stream',
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
      result.copied += 1;
      options.onCopied?.(key);
    } catch (error) {
      result.failed.push({ key, error });
    }
  }
  return result;
}

/** A single-part upload's ETag is the MD5 of its bytes; others (multipart, SSE-KMS) are compared by size. */
function isSameFile(object: { size: number; etag: string } | undefined, body: Buffer): boolean {
  if (!object || object.size !== body.length) return false;
  const etag = object.etag.replace(/"/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(etag)) return true;
  return etag === createHash('md5').update(body).digest('hex');
}

/** Regular files below root as `/`-separated relative paths, sorted; symlinks are not followed. */
async function listFiles(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
