import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { serve, type ServerType } from '@hono/node-server';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { create as createTar } from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uploadsDir } from '@server/adapters/storage/disk-storage';
import { createBackupToken } from '@server/backup/backup-token';
import { createBackup } from '@server/backup/create-backup';
import { restoreBackup } from '@server/backup/restore-backup';
import { serverRecordFile, writeServerRecord } from '@server/backup/server-record';
import { loadDataLocation } from '@server/config';
import { openDatabase, type Database } from '@server/db/client';
import { bookings, events, tickets } from '@server/db/schema';
import type { Db } from '@server/db/types';
import { createEvent } from '@server/demo/factories';
import { seedDemo } from '@server/demo/seed';
import { createTestApp, peer, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { createTestDatabase, seatInvariantViolations } from '../helpers/db';
import { signedInUser } from '../helpers/tickets';

// `npm run backup` / `npm run restore` (docs/decisions/030-backups.md): round trips on the embedded database,
// with the server running and without, refusals, and on PostgreSQL when TEST_DATABASE_URL and pg_dump exist.

const root = mkdtempSync(path.join(tmpdir(), 'ticketshop-backup-'));
const dataDir = path.join(root, 'data');
const backups = path.join(root, 'backups');
const freshDir = (name: string) => path.join(root, `${name}-${randomBytes(3).toString('hex')}`);

let database: Database;
let t: TestApp;
let server: ServerType;
let port: number;

const COVER = randomBytes(40_000);
const AVATAR = randomBytes(3_000);

beforeAll(async () => {
  // On disk, as the server has it; from the migrated template of test/global-setup.ts when there is one.
  const template = inject('pgliteTemplate');
  if (template) {
    mkdirSync(dataDir);
    const pglite = new PGlite(path.join(dataDir, 'db'), { loadDataDir: new Blob([readFileSync(template)]) });
    await pglite.close();
  }
  database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  await database.migrate();
  await seedDemo(database.db);
  // DATA_DIR without APP_SECRET: the app generates DATA_DIR/app-secret, which the backup must carry.
  t = await createTestApp({ env: { DATA_DIR: dataDir }, database });
  await t.services.storage.put('covers/demo/cover-1700000000000.webp', COVER, 'image/webp');
  await t.services.storage.put('avatars/u1/avatars-1700000000001.webp', AVATAR, 'image/webp');
  // not a storage key: the app never serves it, the backup leaves it out
  writeFileSync(path.join(uploadsDir(dataDir), '.DS_Store'), 'x');
  for (let i = 0; i < 3; i++) await bookFree();

  server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
  writeServerRecord(dataDir, { port, host: '0.0.0.0', startedAt: new Date().toISOString() });
});

afterAll(async () => {
  if (server?.listening) await new Promise((resolve) => server.close(resolve));
  if (database?.pglite && !database.pglite.closed) await database.close();
  rmSync(root, { recursive: true, force: true });
});

let freeEventId: string | undefined;
async function bookFree() {
  freeEventId ??= (await createEvent(database.db, { priceCents: 0, totalSeats: 200 })).id;
  const { cookie } = await signedInUser(t);
  const res = await post(
    t,
    '/api/bookings',
    { eventId: freeEventId, quantity: 2, holderName: 'Anna' },
    { cookie },
  );
  expect(res.status).toBe(201);
}

const backupOf = (overrides: Partial<Parameters<typeof createBackup>[0]> = {}) =>
  createBackup({
    dataDir,
    databaseUrl: undefined,
    appSecret: t.config.appSecret,
    s3Bucket: undefined,
    output: backups,
    ...overrides,
  });

/** Events, bookings and tickets, every column, in a stable order. */
async function rowsOf(db: Db) {
  return {
    events: await db.select().from(events).orderBy(asc(events.id)),
    bookings: await db.select().from(bookings).orderBy(asc(bookings.id)),
    tickets: await db.select().from(tickets).orderBy(asc(tickets.id)),
  };
}

/** Every file below a folder with its bytes, by relative path. */
function filesBelow(dir: string): Record<string, Buffer> {
  if (!existsSync(dir)) return {};
  const files: Record<string, Buffer> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, full).split(path.sep).join('/')] = readFileSync(full);
  }
  return files;
}

const servedUploads = () => {
  const { ['.DS_Store']: _ignored, ...rest } = filesBelow(uploadsDir(dataDir));
  return rest;
};

async function openRestored(restoredDir: string) {
  const restored = await openDatabase({ dataDir: path.join(restoredDir, 'db') });
  try {
    await restored.migrate(); // nothing pending: the dump carries the migration table
    return { rows: await rowsOf(restored.db), violations: await seatInvariantViolations(restored.db) };
  } finally {
    await restored.close();
  }
}

describe('GET /api/backup/dump (the running server)', () => {
  const dump = (headers: Record<string, string>, from = '127.0.0.1') =>
    t.app.request('/api/backup/dump', { headers }, peer(from));
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('refuses a missing, foreign or expired token with 401', async () => {
    expect((await dump({})).status).toBe(401);
    expect((await dump(bearer(createBackupToken('x'.repeat(40))))).status).toBe(401);
    const expired = createBackupToken(t.config.appSecret, new Date(Date.now() - 120_000));
    const res = await dump(bearer(expired));
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/APP_SECRET/);
  });

  it('does not exist for other machines or requests through a proxy', async () => {
    const token = bearer(createBackupToken(t.config.appSecret));
    expect((await dump(token, '203.0.113.7')).status).toBe(404);
    expect((await dump({ ...token, 'X-Forwarded-For': '203.0.113.7' })).status).toBe(404);
    expect((await dump({ ...token, Forwarded: 'for=203.0.113.7' })).status).toBe(404);
    expect((await dump({ ...token, 'X-Forwarded-Host': 'shop.example.de' })).status).toBe(404);
  });

  it('answers the database as a tarball to a signed request from this machine', async () => {
    const res = await dump(bearer(createBackupToken(t.config.appSecret)));
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/x-tar');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBe(Number(res.headers.get('Content-Length')));
    expect(body.subarray(257, 262).toString()).toBe('ustar');
  });
});

describe('npm run backup while the server runs, npm run restore', () => {
  it('restores events, bookings, tickets, uploads and the generated secret identically', async () => {
    const result = await backupOf();
    expect(result.manifest).toMatchObject({
      engine: 'pglite',
      database: { source: 'running-server' },
      uploads: { storage: 'disk', included: true, files: 2, bytes: COVER.length + AVATAR.length },
      appSecret: 'included',
    });
    expect(result.serverPid).toBe(process.pid);
    expect(result.ignoredUploads).toEqual(['.DS_Store']);
    const before = await rowsOf(database.db);
    expect(result.manifest.counts).toMatchObject({
      events: before.events.length,
      bookings: before.bookings.length,
      tickets: before.tickets.length,
    });
    expect(before.tickets.length).toBeGreaterThan(6);

    const restoredDir = freshDir('restored-online');
    const restored = await restoreBackup({ file: result.file, dataDir: restoredDir, databaseUrl: undefined });
    expect(restored.counts).toEqual(result.manifest.counts);
    expect(readdirSync(restoredDir).sort()).toEqual(['app-secret', 'db', 'uploads']);
    expect(readFileSync(path.join(restoredDir, 'app-secret'), 'utf8').trim()).toBe(t.config.appSecret);
    expect(filesBelow(uploadsDir(restoredDir))).toEqual(servedUploads());
    const after = await openRestored(restoredDir);
    expect(after.rows).toEqual(before);
    expect(after.violations).toEqual([]);
  });

  it('stays consistent while bookings go on during the backup', async () => {
    const bookingsDuring = Promise.all(Array.from({ length: 6 }, () => bookFree()));
    const result = await backupOf();
    await bookingsDuring;
    const restoredDir = freshDir('restored-busy');
    const restored = await restoreBackup({ file: result.file, dataDir: restoredDir, databaseUrl: undefined });
    expect(restored.counts).toEqual(result.manifest.counts);
    const after = await openRestored(restoredDir);
    expect(after.violations).toEqual([]);
    // every booking arrived whole: a confirmed free booking of 2 has its 2 tickets
    const ticketsPerBooking = new Map<string, number>();
    for (const ticket of after.rows.tickets) {
      ticketsPerBooking.set(ticket.bookingId, (ticketsPerBooking.get(ticket.bookingId) ?? 0) + 1);
    }
    for (const booking of after.rows.bookings.filter((b) => b.eventId === freeEventId)) {
      expect(ticketsPerBooking.get(booking.id)).toBe(2);
    }
  });

  it('says so when the recorded server does not answer or is still starting', async () => {
    const closed = serve({ fetch: () => new Response(), hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => closed.once('listening', () => resolve()));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    try {
      writeServerRecord(dataDir, { port: deadPort, host: '127.0.0.1', startedAt: '' });
      await expect(backupOf()).rejects.toThrow(/antwortet aber nicht unter http:\/\/127\.0\.0\.1:\d+/);
      writeServerRecord(dataDir, { port: null, host: '127.0.0.1', startedAt: '' });
      await expect(backupOf()).rejects.toThrow(/startet gerade/);
    } finally {
      writeServerRecord(dataDir, { port, host: '127.0.0.1', startedAt: '' });
    }
    // nothing half-written is left behind
    expect(readdirSync(backups).filter((name) => !name.endsWith('.tar.gz'))).toEqual([]);
  });
});

describe('npm run restore refuses', () => {
  let good: string;
  beforeAll(async () => {
    good = (await backupOf({ output: path.join(root, 'refusals', 'good.tar.gz') })).file;
  });

  it('(the CLI reads DATA_DIR without generating an APP_SECRET into it)', () => {
    const target = freshDir('location');
    mkdirSync(target);
    expect(loadDataLocation({ DATA_DIR: target })).toEqual({
      dataDir: target,
      databaseUrl: undefined,
      s3Bucket: undefined,
    });
    expect(readdirSync(target)).toEqual([]);
  });

  it('a DATA_DIR that is not empty, and leaves it alone', async () => {
    const target = freshDir('occupied');
    mkdirSync(target);
    writeFileSync(path.join(target, 'keep.txt'), 'mine');
    await expect(restoreBackup({ file: good, dataDir: target, databaseUrl: undefined })).rejects.toThrow(
      /DATA_DIR .* ist nicht leer \(keep\.txt\)/,
    );
    expect(readdirSync(target)).toEqual(['keep.txt']);
  });

  it('nothing on PostgreSQL without pg_dump, naming what is missing', async () => {
    const pathBefore = process.env.PATH;
    process.env.PATH = path.join(root, 'no-tools');
    try {
      await expect(backupOf({ databaseUrl: 'postgres://x@127.0.0.1:1/none' })).rejects.toThrow(
        /pg_dump wurde nicht gefunden \(pg_dump not found\).*postgresql-client/,
      );
    } finally {
      process.env.PATH = pathBefore;
    }
  });

  it('a backup of the embedded database while DATABASE_URL is set', async () => {
    await expect(
      restoreBackup({ file: good, dataDir: freshDir('pg'), databaseUrl: 'postgres://x@127.0.0.1/none' }),
    ).rejects.toThrow(/eingebetteten Datenbank \(PGlite\), DATABASE_URL ist aber gesetzt/);
  });

  it.each([
    ['random bytes', () => randomBytes(5000), /keine lesbare Sicherung.*beschädigt oder kein \.tar\.gz/],
    ['an empty file', () => Buffer.alloc(0), /keine lesbare Sicherung/],
    [
      'a truncated backup',
      () => readFileSync(good).subarray(0, 20_000),
      /keine lesbare Sicherung.*beschädigt/,
    ],
  ])('%s, leaving the empty DATA_DIR empty', async (_name, bytes, message) => {
    const file = path.join(root, 'refusals', `${randomBytes(3).toString('hex')}.tar.gz`);
    writeFileSync(file, bytes());
    const target = freshDir('empty');
    mkdirSync(target);
    await expect(restoreBackup({ file, dataDir: target, databaseUrl: undefined })).rejects.toThrow(message);
    expect(readdirSync(target)).toEqual([]);
  });

  it('a .tar.gz without our manifest, or with a file that does not match it', async () => {
    const dir = path.join(root, 'refusals', 'unpacked');
    mkdirSync(dir, { recursive: true });
    await createTar({ gzip: true, file: path.join(root, 'refusals', 'plain.tar.gz'), cwd: root }, [
      'refusals/unpacked',
    ]);
    await expect(
      restoreBackup({
        file: path.join(root, 'refusals', 'plain.tar.gz'),
        dataDir: freshDir('x'),
        databaseUrl: undefined,
      }),
    ).rejects.toThrow(/manifest\.json fehlt|unerwartete Einträge/);

    // the good backup, unpacked, one upload changed, packed again
    const { extract } = await import('tar');
    await extract({ file: good, cwd: dir });
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
      files: { path: string }[];
    };
    const upload = manifest.files.find((f) => f.path.startsWith('uploads/'))!.path;
    writeFileSync(path.join(dir, upload), randomBytes(10));
    const tampered = path.join(root, 'refusals', 'tampered.tar.gz');
    await createTar({ gzip: true, file: tampered, cwd: dir }, readdirSync(dir));
    const target = freshDir('tampered');
    await expect(restoreBackup({ file: tampered, dataDir: target, databaseUrl: undefined })).rejects.toThrow(
      new RegExp(`${upload.replace(/[.]/g, '\\.')} stimmt nicht mit der Prüfsumme`),
    );
    expect(existsSync(target)).toBe(false);
  });
});

describe('npm run backup without a running server', () => {
  it('dumps a copy of DATA_DIR/db (a stale server record is ignored) and restores it identically', async () => {
    await new Promise((resolve) => server.close(resolve));
    const before = await rowsOf(database.db);
    await database.close();
    // a server that is gone: its record names a process that no longer runs
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(
      serverRecordFile(dataDir),
      JSON.stringify({ pid: Number(gone.stdout), port, host: '127.0.0.1' }),
    );

    const result = await backupOf();
    expect(result.manifest.database.source).toBe('data-dir');
    expect(result.serverPid).toBeUndefined();
    const restoredDir = freshDir('restored-offline');
    await restoreBackup({ file: result.file, dataDir: restoredDir, databaseUrl: undefined });
    expect(filesBelow(uploadsDir(restoredDir))).toEqual(servedUploads());
    expect((await openRestored(restoredDir)).rows).toEqual(before);
  });

  it('with S3 storage says the uploads stay in the bucket and leaves them out', async () => {
    const result = await backupOf({ s3Bucket: 'ticketshop-files' });
    expect(result.manifest.uploads).toMatchObject({
      storage: 's3',
      included: false,
      bucket: 'ticketshop-files',
    });
    expect(result.manifest.files.map((f) => f.path)).toEqual(['database/pgdata.tar', 'app-secret']);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
const hasPgTools =
  spawnSync('pg_dump', ['--version']).status === 0 && spawnSync('pg_restore', ['--version']).status === 0;

describe.runIf(serverUrl && hasPgTools)('on PostgreSQL (pg_dump, pg_restore)', () => {
  it('restores into a fresh database identically and refuses a database that is not empty', async () => {
    const source = await createTestDatabase();
    const sourceUrl = (source.pool!.options as { connectionString: string }).connectionString;
    const pgDataDir = freshDir('pg-data');
    mkdirSync(path.join(uploadsDir(pgDataDir), 'covers'), { recursive: true });
    writeFileSync(path.join(uploadsDir(pgDataDir), 'covers', 'cover-1.webp'), COVER);
    const target = `ticketshop_restore_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await seedDemo(source.db);
      const before = await rowsOf(source.db);
      const result = await createBackup({
        dataDir: pgDataDir,
        databaseUrl: sourceUrl,
        appSecret: 'a'.repeat(40),
        s3Bucket: undefined,
        output: backups,
      });
      expect(result.manifest).toMatchObject({
        engine: 'postgres',
        database: { file: 'database/postgres.dump', source: 'pg_dump' },
        appSecret: 'from-environment',
        counts: {
          events: before.events.length,
          bookings: before.bookings.length,
          tickets: before.tickets.length,
        },
      });

      await expect(
        restoreBackup({ file: result.file, dataDir: freshDir('pg-occupied'), databaseUrl: sourceUrl }),
      ).rejects.toThrow(/Datenbank unter DATABASE_URL ist nicht leer/);

      await admin.query(`CREATE DATABASE "${target}"`);
      const targetUrl = new URL(sourceUrl);
      targetUrl.pathname = `/${target}`;
      const restoredDir = freshDir('pg-restored');
      await restoreBackup({ file: result.file, dataDir: restoredDir, databaseUrl: targetUrl.toString() });
      expect(filesBelow(uploadsDir(restoredDir))).toEqual({ 'covers/cover-1.webp': COVER });
      const restored = await openDatabase({ databaseUrl: targetUrl.toString() });
      try {
        await restored.migrate();
        expect(await rowsOf(restored.db)).toEqual(before);
      } finally {
        await restored.close();
      }
    } finally {
      await source.close();
      await admin.query(`DROP DATABASE IF EXISTS "${target}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
