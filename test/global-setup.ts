import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@server/db/client';
import { bundleServer } from '../scripts/server-bundle.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The server bundled once for this run (main.js and the CLIs), for the tests that start it as a process. */
    serverBundle: string;
  }
}

/**
 * Once per run, before any test file: bundles the server for the tests that start it as a process
 * (test/faults/support/server-process.ts), and migrates one in-memory PGlite database and dumps it; each test
 * file then loads a copy of the dump (docs/decisions/063-test-speed.md).
 */
export default async function setup(project: TestProject) {
  // inside the repository, so the bundle finds node_modules; one folder per run, as runs may overlap
  const bundle = await bundleServer(`node_modules/.cache/ticketshop-test-server-${process.pid}`, {
    sourcemap: false,
  });
  project.provide('serverBundle', bundle);
  const removeBundle = () => rmSync(bundle, { recursive: true, force: true });
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return removeBundle;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'ticketshop-pglite-'));
  const file = path.join(dir, 'template.tar');
  const database = await openDatabase({ memory: true });
  await database.migrate();
  const dump = await database.pglite!.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    removeBundle();
  };
}
