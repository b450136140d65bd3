// Bundles the server into dist/server/main.js (dependencies stay external) and copies the migrations.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'setup-token': 'src/server/cli/setup-token.ts',
    'storage-migrate': 'src/server/cli/storage-migrate.ts',
    backup: 'src/server/cli/backup.ts',
    restore: 'src/server/cli/restore.ts',
    // read-off-thread.ts starts it beside main.js (docs/product/bank-transfer.md#hostile-files)
    'statement-worker': 'src/server/core/bank-transfer/statement-worker.ts',
  },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  outdir: 'dist/server',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
console.log('server built: dist/server/main.js');
