import path from 'node:path';
import { inject } from 'vitest';

const SOURCES = {
  main: 'src/server/main.ts',
  'storage-migrate': 'src/server/cli/storage-migrate.ts',
} as const;

/**
 * What `node` is given to start one of the server's entry points, from the repository's root: the bundle
 * test/global-setup.ts made for this run (as `npm run build:server` makes it), or, without the global setup, the
 * source under tsx as `npm run dev` runs it. A start from the source transpiles the server's modules first: the
 * server's start on the embedded database took 15 CPU seconds from the source and 10 from the bundle (decision 063).
 */
export function serverEntry(name: keyof typeof SOURCES): string[] {
  const bundle = inject('serverBundle');
  return bundle ? [path.join(bundle, `${name}.js`)] : ['--import', 'tsx', SOURCES[name]];
}
