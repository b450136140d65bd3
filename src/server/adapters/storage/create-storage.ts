import type { Config, S3Config } from '../../config';
import { createDiskStorage, uploadsDir } from './disk-storage';
import type { FileStorage } from './storage';
import { keyOfUploadUrl } from './storage-key';

/**
 * Chosen once from configuration (docs/architecture.md#adapters): an S3 bucket when S3_BUCKET is set
 * (decision 029), else files on disk under DATA_DIR/uploads.
 */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  if (config.s3) return lazyS3Storage(config.s3);
  return createDiskStorage(uploadsDir(config.dataDir));
}

/**
 * The AWS SDK takes about 0.2 s to load; an installation on disk (and every test app) never loads it, an
 * installation on S3 loads it at the first file operation.
 */
function lazyS3Storage(config: S3Config): FileStorage {
  let storage: Promise<FileStorage> | undefined;
  const s3 = () =>
    (storage ??= import('./s3-storage').then(({ createS3Storage }) => createS3Storage(config)));
  return {
    put: async (key, body, contentType) => (await s3()).put(key, body, contentType),
    read: async (key) => (await s3()).read(key),
    delete: async (key) => (await s3()).delete(key),
    keyOf: keyOfUploadUrl,
  };
}
