import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config';
import { StorageUnavailableError, type FileStorage } from './storage';
import { IMMUTABLE_CACHE_CONTROL, isValidStorageKey, keyOfUploadUrl, uploadUrlOf } from './storage-key';

/**
 * One client per process. Checksums only where S3 requires them: the newer default (CRC32 headers on every
 * PUT) is refused by several S3-compatible services. Bounded waits, so an outage answers within seconds.
 */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5000, requestTimeout: 30_000, throwOnRequestTimeout: true },
  });
}

interface S3ErrorShape {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

/** A 404 about the object, not about the bucket (a missing bucket is a fault, not a missing file). */
export function isMissingObject(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as S3ErrorShape;
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

function checkKey(key: string) {
  if (!isValidStorageKey(key)) throw new Error(`Ungültiger Speicher-Schlüssel: ${key}`);
}

/**
 * Files in an S3 bucket under their storage key. `put` answers `/uploads/{key}` like the disk storage, so
 * the database keeps the same URLs whichever storage wrote them; the `/uploads` route reads them back from
 * here or redirects to S3_PUBLIC_URL (http/routes/uploads.ts, docs/decisions/029-s3-storage.md).
 */
export function createS3Storage(config: S3Config, client: S3Client = createS3Client(config)): FileStorage {
  const Bucket = config.bucket;

  async function exists(key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissingObject(error)) return false;
      throw error;
    }
  }

  return {
    async put(key, body, contentType) {
      checkKey(key);
      let taken: boolean;
      try {
        // Nothing is overwritten (docs/product/admin.md#image-uploads). Not atomic; keys carry a timestamp.
        taken = await exists(key);
        if (!taken) {
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key: key,
              Body: body,
              ContentType: contentType,
              ContentLength: body.length,
              CacheControl: IMMUTABLE_CACHE_CONTROL,
            }),
          );
        }
      } catch (error) {
        throw new StorageUnavailableError('put', key, { cause: error });
      }
      if (taken) throw new Error(`Datei existiert bereits: ${key}`);
      return uploadUrlOf(key);
    },
    async read(key) {
      checkKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw new StorageUnavailableError('read', key, { cause: error });
      }
    },
    async delete(key) {
      checkKey(key);
      try {
        // S3 answers a missing object with success as well.
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (isMissingObject(error)) return;
        throw new StorageUnavailableError('delete', key, { cause: error });
      }
    },
    keyOf: keyOfUploadUrl,
  };
}
