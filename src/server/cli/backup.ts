// `npm run backup [-- FOLDER | FILE.tar.gz]`: one archive with manifest, database dump and uploads, while the
// server runs (docs/decisions/030-backups.md, README 'Backups'). Default folder: ./backups. Run it with the
// server's configuration (DATA_DIR, DATABASE_URL, APP_SECRET, S3_*). Exits with 1 when no backup was written.
import { createBackup, DEFAULT_BACKUP_FOLDER } from '../backup/create-backup';
import { describeCounts } from '../backup/row-counts';
import { runBackupCommand } from './run-backup-command';
import { loadConfig } from '../config';

const USAGE = 'Aufruf: npm run backup [-- ORDNER | DATEI.tar.gz]   (ohne Angabe: ./backups)';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const result = await createBackup({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    appSecret: config.appSecret,
    s3Bucket: config.s3?.bucket,
    output: args[0] ?? DEFAULT_BACKUP_FOLDER,
  });
  const { manifest } = result;
  console.log(
    `Sicherung geschrieben: ${result.file} (${megabytes(result.bytes)} in ${seconds(result.milliseconds)})`,
  );
  const source =
    manifest.database.source === 'running-server'
      ? `Dump vom laufenden Server (PID ${result.serverPid})`
      : manifest.database.source === 'data-dir'
        ? 'kein Server lief: Dump einer Kopie von DATA_DIR/db'
        : manifest.database.tool;
  console.log(
    `  Datenbank: ${manifest.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${manifest.database.postgresVersion}, ${source}; ${describeCounts(manifest.counts)}`,
  );
  if (manifest.uploads.storage === 'disk') {
    console.log(`  Uploads: ${manifest.uploads.files} Dateien, ${megabytes(manifest.uploads.bytes)}`);
    for (const key of result.ignoredUploads) console.log(`    ignoriert (kein Speicher-Schlüssel): ${key}`);
  } else {
    console.log(`  Uploads: liegen im S3-Bucket ${manifest.uploads.bucket} und sind nicht enthalten.`);
  }
  console.log(
    manifest.appSecret === 'included'
      ? '  APP_SECRET: DATA_DIR/app-secret ist enthalten; die Sicherung wie ein Passwort aufbewahren.'
      : '  APP_SECRET: kommt aus der Umgebung und ist nicht enthalten; beim Zurückspielen dasselbe setzen.',
  );
  return 0;
}

const megabytes = (bytes: number) =>
  bytes < 1_000_000
    ? `${Math.ceil(bytes / 1000)} kB`
    : `${(bytes / 1_000_000).toFixed(1).replace('.', ',')} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1).replace('.', ',')} s`;

runBackupCommand(main, 'Keine Sicherung geschrieben');
