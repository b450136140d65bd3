import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUploads } from '@server/adapters/storage/migrate-uploads';
import { createS3Client, createS3Storage } from '@server/adapters/storage/s3-storage';
import { startLocalS3, type LocalS3 } from '../helpers/s3-server';
import { serverEntry } from '../helpers/server-entry';

// docs/decisions/029-s3-storage.md: `npm run storage:migrate` copies DATA_DIR/uploads to the bucket.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
let s3: LocalS3;

beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3.close());

function dataDirWith(files: Record<string, string>): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ticketshop-migrate-'));
  for (const [name, content] of Object.entries(files)) {
    const full = path.join(dataDir, 'uploads', ...name.split('/'));
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  return dataDir;
}

/** The CLI as `npm run storage:migrate` runs it, from the run's bundle (async: s3rver answers in this process). */
async function migrate(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, serverEntry('storage-migrate'), {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout: string; stderr: string };
    return { code: failed.code ?? -1, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run storage:migrate', () => {
  it('copies every upload under its key, then nothing on a second run', async () => {
    const dataDir = dataDirWith({
      'avatars/u1/avatars-1.webp': 'avatar',
      'event-media/e1/cover-1.webp': 'cover',
      'branding/logo/uploads/light-1.svg': '<svg/>',
      '.DS_Store': 'finder',
    });
    const env = { DATA_DIR: dataDir, ...s3.env };

    const first = await migrate(env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('  kopiert: avatars/u1/avatars-1.webp');
    expect(first.stdout).toContain('  ignoriert (kein Speicher-Schlüssel): .DS_Store');
    expect(first.stdout).toContain('Fertig: 3 kopiert, 0 schon im Bucket, 1 ignoriert, 0 Fehler.');

    const storage = createS3Storage(s3.config);
    expect((await storage.read('event-media/e1/cover-1.webp'))?.toString()).toBe('cover');
    expect((await storage.read('branding/logo/uploads/light-1.svg'))?.toString()).toBe('<svg/>');

    const second = await migrate(env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Fertig: 0 kopiert, 3 schon im Bucket, 1 ignoriert, 0 Fehler.');
  });

  it('exits with 1 and a message when the bucket is missing or S3 is not configured', async () => {
    const dataDir = dataDirWith({ 'avatars/u1/avatars-1.webp': 'avatar' });
    const missing = await migrate({ DATA_DIR: dataDir, ...s3.env, S3_BUCKET: 'gibt-es-nicht' });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^Abgebrochen: NoSuchBucket/);

    const unset = await migrate({ DATA_DIR: dataDir });
    expect(unset.code).toBe(1);
    expect(unset.stderr).toMatch(/S3_BUCKET ist nicht gesetzt/);
  });
});

describe('migrateUploads', () => {
  it('copies a file again whose copy in the bucket differs, and counts an empty folder as nothing to do', async () => {
    const client = createS3Client(s3.config);
    try {
      const dataDir = dataDirWith({ 'ticket-previews/t1-1.webp': 'vorher' });
      const root = path.join(dataDir, 'uploads');
      expect(await migrateUploads({ root, client, bucket: s3.bucket })).toMatchObject({
        copied: 1,
        skipped: 0,
      });
      writeFileSync(path.join(root, 'ticket-previews', 't1-1.webp'), 'danach');
      expect(await migrateUploads({ root, client, bucket: s3.bucket })).toMatchObject({
        copied: 1,
        skipped: 0,
      });
      expect((await createS3Storage(s3.config).read('ticket-previews/t1-1.webp'))?.toString()).toBe('danach');

      const empty = path.join(mkdtempSync(path.join(tmpdir(), 'ticketshop-migrate-')), 'uploads');
      expect(await migrateUploads({ root: empty, client, bucket: s3.bucket })).toEqual({
        copied: 0,
        skipped: 0,
        ignored: [],
        failed: [],
      });
    } finally {
      client.destroy();
    }
  });
});
