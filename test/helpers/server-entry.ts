import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inject } from 'vitest';

const SOURCES = {
  main: 'src/server/main.ts',
  'storage-migrate': 'src/server/cli/storage-migrate.ts',
  'statement-worker': 'src/server/core/bank-transfer/statement-worker.ts',
} as const;

type Entry = keyof typeof SOURCES;

/** The file URL of an entry point in the bundle test/global-setup.ts made of the server for this run. */
export const bundledEntry = (name: Entry): URL =>
  pathToFileURL(path.join(inject('serverBundle'), `${name}.js`));

/**
 * What `node` is given to start one of the server's entry points, from the repository's root: the bundle
 * test/global-setup.ts made for this run (as `npm run build:server` makes it), or, without the global setup, the
 * source under tsx as `npm run dev` runs it. A start from the source transpiles the server's modules first: the
 * server's start on the embedded database took 15 CPU seconds from the source and 10 from the bundle (decision 063).
 */
export function serverEntry(name: Exclude<Entry, 'statement-worker'>): string[] {
  return inject('serverBundle') ? [fileURLToPath(bundledEntry(name))] : ['--import', 'tsx', SOURCES[name]];
}
