import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@server/config';

// docs/decisions/029-s3-storage.md: S3 is chosen by S3_BUCKET; every mistake names its variable.
const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'ticketshop-s3-config-'));
const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'geheim' };
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR, ...env });

function messageOf(env: Record<string, string>): string {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('no ConfigError');
}

describe('S3 configuration', () => {
  it('uses the disk without S3_BUCKET, and empty variables count as unset', () => {
    expect(load({}).s3).toBeUndefined();
    expect(load({ S3_BUCKET: '', S3_ENDPOINT: '', S3_PUBLIC_URL: '' }).s3).toBeUndefined();
  });

  it('defaults to us-east-1 and to path-style addressing when an endpoint is set', () => {
    expect(load({ S3_BUCKET: 'shop-dateien', S3_ENDPOINT: 'http://minio:9000/', ...keys }).s3).toEqual({
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'shop-dateien',
      accessKeyId: 'id',
      secretAccessKey: 'geheim',
      forcePathStyle: true,
      publicUrl: undefined,
    });
    // AWS itself: no endpoint, virtual-hosted style
    expect(load({ S3_BUCKET: 'shop-dateien', S3_REGION: 'eu-central-1', ...keys }).s3).toMatchObject({
      endpoint: undefined,
      region: 'eu-central-1',
      forcePathStyle: false,
    });
    const set = load({
      S3_BUCKET: 'shop-dateien',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_FORCE_PATH_STYLE: 'false',
      S3_PUBLIC_URL: 'https://bilder.example.com/',
      ...keys,
    }).s3;
    expect(set).toMatchObject({ forcePathStyle: false, publicUrl: 'https://bilder.example.com' });
  });

  it('names the missing keys', () => {
    expect(messageOf({ S3_BUCKET: 'shop-dateien' })).toBe(
      'S3_BUCKET ist gesetzt, es fehlt: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    );
    expect(messageOf({ S3_BUCKET: 'shop-dateien', S3_ACCESS_KEY_ID: 'id' })).toBe(
      'S3_BUCKET ist gesetzt, es fehlt: S3_SECRET_ACCESS_KEY',
    );
  });

  it('refuses S3 variables without S3_BUCKET instead of silently using the disk', () => {
    expect(messageOf({ S3_ENDPOINT: 'https://s3.example.com', ...keys })).toMatch(
      /^S3_BUCKET fehlt: S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY gelten nur zusammen mit S3_BUCKET\./,
    );
  });

  it.each([
    [{ S3_ENDPOINT: 'ftp://s3.example.com' }, /S3_ENDPOINT: muss eine http\(s\)-URL sein/],
    [{ S3_ENDPOINT: 'kein url' }, /S3_ENDPOINT: muss eine http\(s\)-URL sein/],
    [{ S3_BUCKET: 'Mein_Bucket' }, /S3_BUCKET: muss ein Bucket-Name sein/],
    [{ S3_BUCKET: 'b' }, /S3_BUCKET: muss ein Bucket-Name sein/],
    [{ S3_REGION: 'EU Central' }, /S3_REGION: muss eine Region sein/],
    [{ S3_FORCE_PATH_STYLE: 'ja' }, /S3_FORCE_PATH_STYLE/],
    [{ S3_PUBLIC_URL: 'http://bilder.example.com' }, /S3_PUBLIC_URL: muss eine https-URL sein/],
  ])('names the variable of a bad value: %o', (env, message) => {
    expect(messageOf({ S3_BUCKET: 'shop-dateien', ...keys, ...env })).toMatch(message);
  });
});
