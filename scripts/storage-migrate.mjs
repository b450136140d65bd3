// `npm run storage:migrate`: runs the bundled CLI (building the server bundle first if needed), which copies
// DATA_DIR/uploads to the S3 bucket (docs/decisions/029-s3-storage.md).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/server/storage-migrate.js')) {
  const build = spawnSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(new URL('../dist/server/storage-migrate.js', import.meta.url).href);
