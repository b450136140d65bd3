// `npm run restore -- FILE`: runs the bundled CLI (building the server bundle first if needed), which restores
// a backup of `npm run backup` into an empty DATA_DIR (docs/decisions/030-backups.md).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/server/restore.js')) {
  const build = spawnSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(new URL('../dist/server/restore.js', import.meta.url).href);
