// `npm run restore -- FILE`: a backup of `npm run backup` into an empty DATA_DIR, and with DATABASE_URL into
// that empty PostgreSQL database (docs/decisions/030-backups.md, README 'Backups'). Run it while no server
// uses this DATA_DIR. Refuses a non-empty DATA_DIR and anything that is not an intact backup; exits with 1 then.
import { restoreBackup } from '../backup/restore-backup';
import { describeCounts } from '../backup/row-counts';
import { runBackupCommand } from './run-backup-command';
import { loadDataLocation } from '../config';

const USAGE = 'Aufruf: npm run restore -- DATEI.tar.gz   (in ein leeres DATA_DIR)';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const location = loadDataLocation();
  const result = await restoreBackup({
    file: args[0]!,
    dataDir: location.dataDir,
    databaseUrl: location.databaseUrl,
  });
  const { manifest } = result;
  console.log(
    `Zurückgespielt: Sicherung vom ${manifest.createdAt} nach DATA_DIR ${result.dataDir}` +
      (manifest.engine === 'postgres' ? ' und in die Datenbank unter DATABASE_URL' : '') +
      ` (${(result.milliseconds / 1000).toFixed(1).replace('.', ',')} s)`,
  );
  console.log(`  Datenbank: ${describeCounts(result.counts)}`);
  if (manifest.uploads.storage === 'disk') {
    console.log(`  Uploads: ${manifest.uploads.files} Dateien in DATA_DIR/uploads`);
    if (location.s3Bucket) {
      console.log('  S3_BUCKET ist gesetzt: die Uploads mit npm run storage:migrate in den Bucket kopieren.');
    }
  } else {
    console.log(
      `  Uploads: liegen im S3-Bucket ${manifest.uploads.bucket}; sie waren nicht Teil der Sicherung.`,
    );
  }
  if (manifest.appSecret === 'from-environment') {
    console.log(
      '  APP_SECRET war nicht in der Sicherung: den Server mit demselben APP_SECRET starten wie zuvor, sonst sind gespeicherte Schlüssel (z. B. Stripe) unlesbar und alle Sitzungen ungültig.',
    );
  }
  console.log('Jetzt den Server starten (npm start); ausstehende Migrationen laufen dabei.');
  return 0;
}

runBackupCommand(main, 'Nicht zurückgespielt');
