// `npm run bench`: every benchmark, printing figures (not timed tests). Needs `npm run build` first.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { benchStartup } from './startup.mjs';

if (!existsSync('dist/server/main.js')) {
  console.error('Bitte zuerst `npm run build` ausführen.');
  process.exit(1);
}
console.log('# bundle size');
execFileSync(process.execPath, ['scripts/bundle-budget.mjs'], { stdio: 'inherit' });
console.log('\n# start-up');
await benchStartup();
