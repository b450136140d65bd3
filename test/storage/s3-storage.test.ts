import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client, createS3Storage } from '@server/adapters/storage/s3-storage';
import { StorageUnavailableError, type FileStorage } from '@server/adapters/storage/storage';
import { startLocalS3, type LocalS3 } from '../helpers/s3-server';

// docs/decisions/029-s3-storage.md: the S3 adapter against a local S3-compatible server (s3rver).
let s3: LocalS3;
let storage: FileStorage;

beforeAll(async () => {
  s3 = await startLocalS3();
  storage = createS3Storage(s3.config);
});
afterAll(() => s3.close());

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('S3 storage', () => {
  it('stores a file under its key and answers the same /uploads URL as the disk storage', async () => {
    const url = await storage.put('avatars/u1/avatars-1.webp', bytes('erstes Bild'), 'image/webp');
    expect(url).toBe('/uploads/avatars/u1/avatars-1.webp');
    expect(storage.keyOf(url)).toBe('avatars/u1/avatars-1.webp');
    expect((await storage.read('avatars/u1/avatars-1.webp'))?.toString('utf8')).toBe('erstes Bild');

    const client = createS3Client(s3.config);
    const head = await client.send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: 'avatars/u1/avatars-1.webp' }),
    );
    expect(head.ContentType).toBe('image/webp');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
    client.destroy();
  });

  it('never overwrites a file', async () => {
    await storage.put('event-media/e1/cover-1.webp', bytes('alt'), 'image/webp');
    await expect(storage.put('event-media/e1/cover-1.webp', bytes('neu'), 'image/webp')).rejects.toThrow(
      /existiert bereits/,
    );
    expect((await storage.read('event-media/e1/cover-1.webp'))?.toString('utf8')).toBe('alt');
  });

  it('reads a missing file as null, and deleting it is no error', async () => {
    expect(await storage.read('avatars/nobody/avatars-1.webp')).toBeNull();
    await storage.put('ticket-previews/t1-1.webp', bytes('vorschau'), 'image/webp');
    await storage.delete('ticket-previews/t1-1.webp');
    expect(await storage.read('ticket-previews/t1-1.webp')).toBeNull();
    await expect(storage.delete('ticket-previews/t1-1.webp')).resolves.toBeUndefined();
  });

  it('knows only its own /uploads URLs and refuses keys it did not make', async () => {
    expect(storage.keyOf('/uploads/branding/logo/uploads/light-1.png?v=2')).toBe(
      'branding/logo/uploads/light-1.png',
    );
    expect(storage.keyOf('https://cdn.example.com/avatars/u1/a.webp')).toBeNull();
    expect(storage.keyOf('/uploads/../app-secret')).toBeNull();
    expect(storage.keyOf('/demo/cover.webp')).toBeNull();
    await expect(storage.put('../app-secret', bytes('x'), 'text/plain')).rejects.toThrow(/Ungültiger/);
    await expect(storage.read('a/../../b')).rejects.toThrow(/Ungültiger/);
  });

  it('reports a bucket that does not exist as unavailable, not as a missing file', async () => {
    const wrong = createS3Storage({ ...s3.config, bucket: 'gibt-es-nicht' });
    await expect(wrong.read('avatars/u1/avatars-1.webp')).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});
