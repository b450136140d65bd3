import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '@server/db/client';
import { bundleServer } from '../scripts/server-bundle.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The server bundled once for this run (main.js and the CLIs), for the tests that start it as a process. */
    serverBundle: string;
    /** Names this run's PostgreSQL test databases (`ticketshop_test_<id>_…`), which the teardown drops. */
    testRunId: string;
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
  const runId = String(process.pid);
  project.provide('testRunId', runId);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    project.provide('pgliteTemplate', '');
    return async () => {
      removeBundle();
      await dropRunDatabases(serverUrl, runId);
    };
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

/** The workers keep their databases for the next file; at the end of the run they go. */
async function dropRunDatabases(serverUrl: string, runId: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`ticketshop\\_test\\_${runId}\\_%`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
