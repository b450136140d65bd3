// `npm run setup-token`: runs the bundled CLI (building the server bundle first if needed).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/server/setup-token.js')) {
  const build = spawnSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(new URL('../dist/server/setup-token.js', import.meta.url).href);
