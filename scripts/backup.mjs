// `npm run backup`: runs the bundled CLI (building the server bundle first if needed), which writes one
// .tar.gz with the database dump and the uploads while the server runs (docs/decisions/030-backups.md).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/server/backup.js')) {
  const build = spawnSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(new URL('../dist/server/backup.js', import.meta.url).href);
