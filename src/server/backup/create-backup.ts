import { createWriteStream, existsSync, openAsBlob } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { PGlite } from '@electric-sql/pglite';
import { create as createTar } from 'tar';
import { uploadsDir } from '../adapters/storage/disk-storage';
import { isValidStorageKey } from '../adapters/storage/storage-key';
import { hashFile, snapshotFiles } from './archive-files';
import { BackupError, reasonOf } from './backup-error';
import { createBackupToken } from './backup-token';
import { dumpEmbeddedDatabase } from './embedded-dump';
import {
  APP_SECRET_FILE,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_FILE,
  PGLITE_DUMP_FILE,
  POSTGRES_DUMP_FILE,
  UPLOADS_DIR,
  type BackupManifest,
} from './manifest';
import { libpqConnection, runPostgresTool, withClient } from './postgres-tools';
import { countRows, type RowCounts } from './row-counts';
import { liveServerRecord, loopbackUrlOf, serverRecordFile } from './server-record';

// `npm run backup` (cli/backup.ts): one .tar.gz with manifest, database dump and uploads, written while the
// server runs (docs/decisions/030-backups.md, README 'Backups').

export interface BackupOptions {
  dataDir: string;
  /** PostgreSQL (pg_dump); unset: the embedded database in DATA_DIR/db */
  databaseUrl: string | undefined;
  /** signs the request to the running server; DATA_DIR/app-secret goes into the archive when it is this one */
  appSecret: string;
  /** uploads live in this bucket and are not archived */
  s3Bucket: string | undefined;
  /** a folder (the file gets a dated name in it) or a file name ending in .tar.gz */
  output: string;
  now?: () => Date;
}

export interface BackupResult {
  file: string;
  bytes: number;
  milliseconds: number;
  manifest: BackupManifest;
  /** the server that made the dump, when one ran */
  serverPid?: number;
  /** files in DATA_DIR/uploads that are no storage key (the app never serves them): not archived */
  ignoredUploads: string[];
}

interface DatabaseDump {
  manifest: BackupManifest['database'];
  counts: RowCounts;
  serverPid?: number;
}

export const DEFAULT_BACKUP_FOLDER = 'backups';

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const createdAt = (options.now ?? (() => new Date()))();
  const target = targetFile(options.output, createdAt);
  if (existsSync(target)) throw new BackupError(`${target} gibt es schon; es wird nichts überschrieben.`);
  await mkdir(path.dirname(target), { recursive: true });
  // Beside the target, so uploads can be hard-linked rather than copied when both share a file system.
  const staging = await mkdtemp(path.join(path.dirname(target), '.backup-'));
  const partial = `${target}.partial`;
  try {
    const dump = options.databaseUrl
      ? await dumpPostgres(options.databaseUrl, staging)
      : await dumpEmbedded(options.dataDir, options.appSecret, staging);

    let uploads: BackupManifest['uploads'];
    let uploadPaths: string[] = [];
    let ignoredUploads: string[] = [];
    if (options.s3Bucket) {
      uploads = {
        storage: 's3',
        included: false,
        bucket: options.s3Bucket,
        note: 'Die Uploads liegen im S3-Bucket und sind nicht in dieser Sicherung; den Bucket sichert der Speicheranbieter (Versionierung, Replikation).',
      };
    } else {
      // Only what the app can serve (a storage key), as `npm run storage:migrate` does.
      const snapshot = await snapshotFiles(
        uploadsDir(options.dataDir),
        path.join(staging, UPLOADS_DIR),
        isValidStorageKey,
      );
      ignoredUploads = snapshot.ignored;
      uploadPaths = snapshot.taken.map((key) => `${UPLOADS_DIR}/${key}`);
      uploads = { storage: 'disk', included: true, files: uploadPaths.length, bytes: 0 };
    }

    const secretIncluded = await copyGeneratedSecret(options.dataDir, options.appSecret, staging);
    const payload = [dump.manifest.file, ...(secretIncluded ? [APP_SECRET_FILE] : []), ...uploadPaths];
    const files: BackupManifest['files'] = [];
    for (const file of payload) files.push({ path: file, ...(await hashFile(path.join(staging, file))) });
    if (uploads.storage === 'disk') {
      uploads.bytes = files
        .filter((f) => f.path.startsWith(`${UPLOADS_DIR}/`))
        .reduce((n, f) => n + f.bytes, 0);
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: createdAt.toISOString(),
      engine: options.databaseUrl ? 'postgres' : 'pglite',
      database: dump.manifest,
      counts: dump.counts,
      uploads,
      appSecret: secretIncluded ? 'included' : 'from-environment',
      files,
    };
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

    // The archive holds every account and, with the generated secret, the key to the stored secrets: owner only.
    await (await open(partial, 'wx', 0o600)).close();
    await createTar({ gzip: true, portable: true, file: partial, cwd: staging }, [MANIFEST_FILE, ...payload]);
    await rename(partial, target);
    return {
      file: target,
      bytes: (await stat(target)).size,
      milliseconds: Math.round(performance.now() - started),
      manifest,
      serverPid: dump.serverPid,
      ignoredUploads,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** `wachstumsraum-backup-2026-11-25T03-00-00Z.tar.gz` in a folder, or the file named. */
function targetFile(output: string, createdAt: Date): string {
  if (/\.(tar\.gz|tgz)$/.test(output)) return path.resolve(output);
  const stamp = `${createdAt.toISOString().slice(0, 19).replace(/:/g, '-')}Z`;
  return path.resolve(output, `wachstumsraum-backup-${stamp}.tar.gz`);
}

async function copyGeneratedSecret(dataDir: string, appSecret: string, staging: string): Promise<boolean> {
  const file = path.join(dataDir, 'app-secret');
  const stored = await readFile(file, 'utf8').catch(() => null);
  if (stored === null || stored.trim() !== appSecret) return false;
  await copyFile(file, path.join(staging, APP_SECRET_FILE));
  return true;
}

/**
 * The embedded database. PGlite lets only one process open DATA_DIR/db, so while the server runs (its
 * DATA_DIR/server.json) the server makes the dump; otherwise a copy of the folder is opened, never the folder.
 */
async function dumpEmbedded(dataDir: string, appSecret: string, staging: string): Promise<DatabaseDump> {
  const dest = path.join(staging, PGLITE_DUMP_FILE);
  await mkdir(path.dirname(dest), { recursive: true });
  const server = liveServerRecord(dataDir);
  let source: 'running-server' | 'data-dir';
  if (server) {
    if (server.port === null) {
      throw new BackupError(
        `Der Server (PID ${server.pid}) startet gerade (${serverRecordFile(dataDir)}); bitte gleich noch einmal versuchen.`,
      );
    }
    await fetchDumpFromServer(loopbackUrlOf(server), server.pid, appSecret, dest, dataDir);
    source = 'running-server';
  } else {
    const dbDir = path.join(dataDir, 'db');
    if (!existsSync(path.join(dbDir, 'PG_VERSION'))) {
      throw new BackupError(
        `In ${dbDir} liegt keine eingebettete Datenbank. DATA_DIR prüfen (oder DATABASE_URL setzen, wenn die Installation PostgreSQL nutzt).`,
      );
    }
    const copy = path.join(staging, 'db-copy');
    await cp(dbDir, copy, { recursive: true });
    // A server that started while we copied may have written into the files: that copy is not to be trusted.
    if (liveServerRecord(dataDir)) {
      throw new BackupError(
        'Der Server wurde während der Sicherung gestartet; bitte noch einmal ausführen (dann fragt die Sicherung ihn).',
      );
    }
    const pglite = new PGlite(copy);
    try {
      await pglite.waitReady;
      const dump = await dumpEmbeddedDatabase(pglite);
      await writeFile(dest, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pglite.close();
      await rm(copy, { recursive: true, force: true });
    }
    source = 'data-dir';
  }
  const { counts, postgresVersion } = await inspectPgliteDump(dest);
  return {
    manifest: { file: PGLITE_DUMP_FILE, source, postgresVersion },
    counts,
    serverPid: server?.pid,
  };
}

async function fetchDumpFromServer(
  base: string,
  pid: number,
  appSecret: string,
  dest: string,
  dataDir: string,
) {
  const url = `${base}/api/backup/dump`;
  let res: Response;
  try {
    res = await fetch(url, { headers: { Authorization: `Bearer ${createBackupToken(appSecret)}` } });
  } catch (error) {
    const cause = reasonOf((error as Error).cause ?? error);
    throw new BackupError(
      `Der Server (PID ${pid}) ist in ${serverRecordFile(dataDir)} als laufend eingetragen, antwortet aber nicht unter ${base} (${cause}). ` +
        'Läuft er nicht mehr, diese Datei löschen und die Sicherung noch einmal starten.',
    );
  }
  if (!res.ok || !res.body) {
    const text = await res.text().catch(() => '');
    let message = text.slice(0, 300);
    try {
      message = (JSON.parse(text) as { error: { message: string } }).error.message;
    } catch {
      // not our JSON error: the text as it came
    }
    throw new BackupError(
      `Der Server unter ${base} gab den Datenbank-Dump nicht heraus (HTTP ${res.status}): ${message}`,
    );
  }
  await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(dest));
  const expected = Number(res.headers.get('Content-Length'));
  const { size } = await stat(dest);
  if (expected && size !== expected) {
    throw new BackupError(`Der Datenbank-Dump kam unvollständig an (${size} von ${expected} Bytes).`);
  }
}

/** Opens the dump in memory, as a restore would: proves it can be restored, and counts what it holds. */
async function inspectPgliteDump(file: string): Promise<{ counts: RowCounts; postgresVersion: string }> {
  let pglite: PGlite | undefined;
  try {
    pglite = new PGlite({ loadDataDir: await openAsBlob(file) });
    await pglite.waitReady;
    const counts = await countRows(pglite);
    const version = await pglite.query<{ server_version: string }>('SHOW server_version');
    return { counts, postgresVersion: version.rows[0]!.server_version };
  } catch (error) {
    throw new BackupError(
      `Der Datenbank-Dump ließ sich nicht öffnen und wurde verworfen: ${reasonOf(error)}`,
    );
  } finally {
    await pglite?.close().catch(() => undefined);
  }
}

/**
 * PostgreSQL: pg_dump in its custom format, on a snapshot exported by our own repeatable-read transaction,
 * so the counts in the manifest are those of the dump (pg_dump --snapshot).
 */
async function dumpPostgres(databaseUrl: string, staging: string): Promise<DatabaseDump> {
  const tool = (await runPostgresTool('pg_dump', ['--version'])).trim();
  const dest = path.join(staging, POSTGRES_DUMP_FILE);
  await mkdir(path.dirname(dest), { recursive: true });
  return withClient(databaseUrl, async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]!.id;
    const counts = await countRows(client);
    const version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!;
    const { dbname, env } = libpqConnection(databaseUrl);
    await runPostgresTool(
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        `--file=${dest}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    await client.query('COMMIT');
    return {
      manifest: {
        file: POSTGRES_DUMP_FILE,
        source: 'pg_dump',
        postgresVersion: version.server_version,
        tool,
      },
      counts,
    };
  });
}
