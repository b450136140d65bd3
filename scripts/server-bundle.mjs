// The server as one ES module per entry (dependencies stay external) with its migrations beside it: what
// `npm run build:server` writes to dist/server, and what the test setup writes once per run for the tests
// that start the server as a process (test/global-setup.ts), so none of them transpiles the source again.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** Bundles the server into `outdir` (relative to the repository, or absolute) and copies the migrations. */
export async function bundleServer(outdir, { sourcemap = true } = {}) {
  const target = path.resolve(root, outdir);
  rmSync(target, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
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
    outdir: target,
    sourcemap,
    logLevel: 'warning',
  });
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(target, 'migrations'), { recursive: true });
  return target;
}
