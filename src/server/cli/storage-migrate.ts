// `npm run storage:migrate`: copies DATA_DIR/uploads to the S3 bucket of S3_BUCKET under the same keys, so
// the /uploads URLs in the database keep working after the switch (docs/decisions/029-s3-storage.md).
// Safe to run again: files already in the bucket are skipped. Exits with 1 if a file could not be copied.
import { uploadsDir } from '../adapters/storage/disk-storage';
import { migrateUploads } from '../adapters/storage/migrate-uploads';
import { createS3Client } from '../adapters/storage/s3-storage';
import { ConfigError, loadConfig } from '../config';

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.s3) {
    console.error(
      'S3_BUCKET ist nicht gesetzt: wohin kopiert werden soll, sagen die S3_*-Variablen (README).',
    );
    return 1;
  }
  const root = uploadsDir(config.dataDir);
  const { bucket } = config.s3;
  console.log(`Kopiere ${root} nach s3://${bucket} …`);
  const client = createS3Client(config.s3);
  try {
    const result = await migrateUploads({
      root,
      client,
      bucket,
      onCopied: (key) => console.log(`  kopiert: ${key}`),
    });
    for (const key of result.ignored) console.log(`  ignoriert (kein Speicher-Schlüssel): ${key}`);
    for (const { key, error } of result.failed) console.error(`  Fehler bei ${key}: ${describe(error)}`);
    console.log(
      `Fertig: ${result.copied} kopiert, ${result.skipped} schon im Bucket, ${result.ignored.length} ignoriert, ${result.failed.length} Fehler.`,
    );
    return result.failed.length > 0 ? 1 : 0;
  } finally {
    client.destroy();
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return `${error.name}: ${error.message || 'ohne Meldung'}${status ? ` (HTTP ${status})` : ''}`;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : `Abgebrochen: ${describe(error)}`);
    process.exitCode = 1;
  },
);
