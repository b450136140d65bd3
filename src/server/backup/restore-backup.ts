import { createHash } from 'node:crypto';
import { existsSync, openAsBlob, statSync } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { extract, list, type ReadEntry } from 'tar';
import { isValidStorageKey } from '../adapters/storage/storage-key';
import { BackupError, reasonOf } from './backup-error';
import {
  APP_SECRET_FILE,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_FILE,
  manifestSchema,
  PGLITE_DUMP_FILE,
  UPLOADS_DIR,
  type BackupManifest,
} from './manifest';
import { libpqConnection, runPostgresTool, withClient } from './postgres-tools';
import { countRows, describeCounts, sameCounts, type RowCounts } from './row-counts';

// `npm run restore FILE` (cli/restore.ts): a backup of createBackup into an empty DATA_DIR, and on PostgreSQL
// into the empty database of DATABASE_URL (docs/decisions/030-backups.md, README 'Backups').

export interface RestoreOptions {
  file: string;
  dataDir: string;
  /** set: the backup must be of PostgreSQL and goes into this (empty) database */
  databaseUrl: string | undefined;
}

export interface RestoreResult {
  manifest: BackupManifest;
  dataDir: string;
  counts: RowCounts;
  milliseconds: number;
}

/** What an archive may hold besides the manifest; anything else means it is not one of ours. */
const isPayloadPath = (entryPath: string) =>
  /^database\/[a-z]+\.(tar|dump)$/.test(entryPath) ||
  entryPath === APP_SECRET_FILE ||
  (entryPath.startsWith(`${UPLOADS_DIR}/`) && isValidStorageKey(entryPath.slice(UPLOADS_DIR.length + 1)));

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  const file = path.resolve(options.file);
  if (!existsSync(file) || !statSync(file).isFile())
    throw new BackupError(`Die Datei ${file} gibt es nicht.`);
  const manifest = await readAndCheckArchive(file);

  if (manifest.engine === 'pglite' && options.databaseUrl) {
    throw new BackupError(
      'Diese Sicherung stammt aus der eingebetteten Datenbank (PGlite), DATABASE_URL ist aber gesetzt. Zum Zurückspielen DATABASE_URL entfernen; ein Umzug nach PostgreSQL ist damit nicht möglich.',
    );
  }
  if (manifest.engine === 'postgres' && !options.databaseUrl) {
    throw new BackupError(
      'Diese Sicherung stammt aus PostgreSQL: DATABASE_URL muss auf die (leere) Datenbank zeigen, in die sie zurückgespielt wird.',
    );
  }
  if (manifest.engine === 'postgres') await runPostgresTool('pg_restore', ['--version']);

  const dataDir = path.resolve(options.dataDir);
  const created = await claimEmptyDataDir(dataDir);
  if (options.databaseUrl) {
    await refuseNonEmptyPostgres(options.databaseUrl).catch(async (error: unknown) => {
      await emptyAgain(dataDir, created);
      throw error;
    });
  }

  const staging = path.join(dataDir, '.restore');
  try {
    await mkdir(staging);
    const wanted = new Set(manifest.files.map((entry) => entry.path));
    await extract({
      file,
      cwd: staging,
      strict: true,
      filter: (entryPath, entry) => wanted.has(entryPath) && (entry as ReadEntry).type === 'File',
    });
    for (const entry of manifest.files) {
      const size = (await stat(path.join(staging, entry.path)).catch(() => null))?.size;
      if (size !== entry.bytes) throw new BackupError(`${entry.path} wurde nicht vollständig entpackt.`);
    }

    const counts =
      manifest.engine === 'pglite'
        ? await restorePglite(path.join(staging, PGLITE_DUMP_FILE), path.join(dataDir, 'db'))
        : await restorePostgres(path.join(staging, manifest.database.file), options.databaseUrl!);
    if (!sameCounts(counts, manifest.counts)) {
      throw new BackupError(
        `Die zurückgespielte Datenbank enthält ${describeCounts(counts)}, die Sicherung nennt ${describeCounts(manifest.counts)}.`,
      );
    }

    if (existsSync(path.join(staging, UPLOADS_DIR))) {
      await rename(path.join(staging, UPLOADS_DIR), path.join(dataDir, UPLOADS_DIR));
    }
    if (manifest.appSecret === 'included') {
      await rename(path.join(staging, APP_SECRET_FILE), path.join(dataDir, APP_SECRET_FILE));
      await chmod(path.join(dataDir, APP_SECRET_FILE), 0o600);
    }
    await rm(staging, { recursive: true, force: true });
    return { manifest, dataDir, counts, milliseconds: Math.round(performance.now() - started) };
  } catch (error) {
    await emptyAgain(dataDir, created);
    throw error;
  }
}

/**
 * Reads the whole archive once without writing anything: gzip and tar must be intact, manifest.json must
 * be ours, and every file must be listed in it with its size and SHA-256, and be there.
 */
async function readAndCheckArchive(file: string): Promise<BackupManifest> {
  const notOurs = (reason: string) =>
    new BackupError(`${file} ist keine lesbare Sicherung von npm run backup: ${reason}`);
  let manifestText: string | undefined;
  const found = new Map<string, { bytes: number; sha256: string }>();
  const odd: string[] = [];
  try {
    await list({
      file,
      strict: true,
      onReadEntry: (entry) => {
        const entryPath = entry.path.replace(/\/$/, '');
        if (entry.type === 'Directory') return entry.resume();
        if (entry.type !== 'File' || (entryPath !== MANIFEST_FILE && !isPayloadPath(entryPath))) {
          odd.push(entryPath);
          return entry.resume();
        }
        const hash = createHash('sha256');
        const chunks: Buffer[] = [];
        let bytes = 0;
        entry.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (entryPath === MANIFEST_FILE) chunks.push(chunk);
          else hash.update(chunk);
        });
        entry.on('end', () => {
          if (entryPath === MANIFEST_FILE) manifestText = Buffer.concat(chunks).toString('utf8');
          else found.set(entryPath, { bytes, sha256: hash.digest('hex') });
        });
      },
    });
  } catch (error) {
    throw notOurs(`die Datei ist beschädigt oder kein .tar.gz-Archiv (${reasonOf(error)}).`);
  }
  if (manifestText === undefined) throw notOurs(`${MANIFEST_FILE} fehlt.`);
  let raw: unknown;
  try {
    raw = JSON.parse(manifestText);
  } catch {
    throw notOurs(`${MANIFEST_FILE} ist kein JSON.`);
  }
  const format = (raw as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format !== BACKUP_FORMAT) throw notOurs(`${MANIFEST_FILE} nennt ein anderes Format.`);
  if (typeof format.formatVersion === 'number' && format.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${file} hat das Format ${format.formatVersion}; diese Version der App kennt bis ${BACKUP_FORMAT_VERSION}. Bitte mit einer neueren Version zurückspielen.`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success)
    throw notOurs(`${MANIFEST_FILE} ist unvollständig (${parsed.error.issues[0]?.path.join('.')}).`);
  const manifest = parsed.data;
  if (odd.length > 0) throw notOurs(`unerwartete Einträge (${odd.slice(0, 3).join(', ')}).`);
  if (!manifest.files.some((entry) => entry.path === manifest.database.file)) {
    throw notOurs('der Datenbank-Dump fehlt in der Liste der Dateien.');
  }
  for (const entry of manifest.files) {
    const seen = found.get(entry.path);
    if (!seen) throw notOurs(`${entry.path} fehlt.`);
    if (seen.bytes !== entry.bytes || seen.sha256 !== entry.sha256) {
      throw notOurs(
        `${entry.path} stimmt nicht mit der Prüfsumme im Manifest überein (beschädigt oder verändert).`,
      );
    }
  }
  const listed = new Set(manifest.files.map((entry) => entry.path));
  const unlisted = [...found.keys()].filter((entryPath) => !listed.has(entryPath));
  if (unlisted.length > 0) throw notOurs(`nicht im Manifest: ${unlisted.slice(0, 3).join(', ')}.`);
  return manifest;
}

/** DATA_DIR must be empty (or not exist yet): a restore never overwrites or mixes with what is there. */
async function claimEmptyDataDir(dataDir: string): Promise<boolean> {
  if (!existsSync(dataDir)) {
    await mkdir(dataDir, { recursive: true });
    return true;
  }
  if (!statSync(dataDir).isDirectory()) throw new BackupError(`DATA_DIR ${dataDir} ist kein Verzeichnis.`);
  const entries = await readdir(dataDir);
  if (entries.length > 0) {
    const shown = entries.slice(0, 5).join(', ') + (entries.length > 5 ? ', …' : '');
    throw new BackupError(
      `DATA_DIR ${dataDir} ist nicht leer (${shown}). Eine Sicherung wird nur in ein leeres Verzeichnis zurückgespielt, ` +
        'damit nichts überschrieben wird: DATA_DIR auf einen neuen Ordner setzen, oder den Server stoppen und diesen Ordner beiseite legen.',
    );
  }
  return false;
}

/** After a failed restore DATA_DIR is as empty as before (or gone again, if the restore made it). */
async function emptyAgain(dataDir: string, created: boolean) {
  for (const entry of await readdir(dataDir).catch(() => [] as string[])) {
    await rm(path.join(dataDir, entry), { recursive: true, force: true });
  }
  if (created) await rmdir(dataDir).catch(() => undefined);
}

/** Loads PGlite's tarball into DATA_DIR/db and counts what it holds. */
async function restorePglite(dump: string, dbDir: string): Promise<RowCounts> {
  let pglite: PGlite | undefined;
  try {
    pglite = new PGlite(dbDir, { loadDataDir: await openAsBlob(dump) });
    await pglite.waitReady;
    return await countRows(pglite);
  } catch (error) {
    throw new BackupError(`Die Datenbank ließ sich nicht zurückspielen: ${reasonOf(error)}`);
  } finally {
    await pglite?.close().catch(() => undefined);
  }
}

async function refuseNonEmptyPostgres(databaseUrl: string) {
  const tables = await withClient(databaseUrl, async (client) => {
    const result = await client.query<{ name: string }>(
      `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
         AND n.nspname NOT LIKE 'pg\\_toast%' ORDER BY 1 LIMIT 5`,
    );
    return result.rows.map((row) => row.name);
  });
  if (tables.length > 0) {
    throw new BackupError(
      `Die Datenbank unter DATABASE_URL ist nicht leer (${tables.join(', ')}). Eine Sicherung wird nur in eine leere Datenbank zurückgespielt, z. B. eine mit CREATE DATABASE neu angelegte.`,
    );
  }
}

/** pg_restore into the empty database in one transaction: it all arrives, or nothing. */
async function restorePostgres(dump: string, databaseUrl: string): Promise<RowCounts> {
  const { dbname, env } = libpqConnection(databaseUrl);
  await runPostgresTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, dump],
    env,
  );
  return withClient(databaseUrl, (client) => countRows(client));
}
