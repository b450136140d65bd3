// `npm start`: builds the client and the server when the build is missing or older than the sources,
// then runs the server in this process. No NODE_ENV is set here: a fresh clone runs on the embedded defaults.
// package.json starts it with `exec`, so the shell npm runs scripts in becomes this process: the SIGTERM or
// SIGINT npm passes on reaches the server, which drains (docs/decisions/046). Without `exec` the shell took
// the signal and died, and the server ran on, orphaned.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const newestIn = (target) => {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((entry) => newestIn(path.join(target, entry))));
};
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const builtAt = Math.min(newestIn('dist/server/main.js'), newestIn('dist/web/index.html'));
const changedAt = Math.max(...sources.map(newestIn));
if (builtAt === 0 || changedAt > builtAt) {
  console.log(builtAt === 0 ? 'Kein Build gefunden: baue die App …' : 'Quellen geändert: baue die App neu …');
  const result = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.setSourceMapsEnabled(true);
await import(new URL('../dist/server/main.js', import.meta.url).href);
