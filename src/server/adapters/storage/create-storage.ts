import type { Config } from '../../config';
import { createDiskStorage, uploadsDir } from './disk-storage';
import { createS3Storage } from './s3-storage';
import type { FileStorage } from './storage';

/**
 * Chosen once from configuration (docs/architecture.md, Adapters): an S3 bucket when S3_BUCKET is set
 * (docs/decisions/029-s3-storage.md), else files on disk under DATA_DIR/uploads.
 */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  if (config.s3) return createS3Storage(config.s3);
  return createDiskStorage(uploadsDir(config.dataDir));
}
