// The servers the journeys run against (docs/decisions/018-browser-tests.md): the run's server on PostgreSQL,
// which playwright.config.ts starts for the whole run, and the embedded default of `npm start`, which the one
// journey that needs it starts and stops itself (e2e/embedded/), so it neither delays the run's first journey
// while it migrates and seeds its database nor runs idle beside all the others (decision 063).
import { spawn } from 'node:child_process';
import path from 'node:path';

/** What both servers get beside their port, data folder and database. */
export const SERVER_ENV = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // a new code to the same address at once: journeys sign the admin in again without waiting a minute
  AUTH_CODE_INTERVAL_SECONDS: '0',
  // every journey signs in from 127.0.0.1: thirty sign-ins per client in ten minutes is too few for a run that
  // takes less than ten minutes (a run at 7.4 min was refused 'Zu viele Anfragen' in its last journeys)
  AUTH_CLIENT_LIMIT: '1000',
  // the test provider's SEPA debit would decide after an hour: e2e/payments-methods.spec.ts sees processing (on
  // the page, then in 'Meine Tickets') however slow the machine, then lets the bank decide now
  // (e2e/support/bank.ts) and waits for the verdict the reconciliation brings (docs/product/payments.md#test-methods);
  // a fixed 5 s, later 15 s, raced the journey on a slow machine (decision 063)
  TEST_SEPA_DELAY_SECONDS: '3600',
  // ... and the reconciliation that brings it asks every 2 s instead of every minute: the three SEPA journeys
  // waited up to a minute each for the next round (decision 063)
  RECONCILE_INTERVAL_SECONDS: '2',
};

export const EMBEDDED_PORT = 3101;
export const EMBEDDED_URL = `http://127.0.0.1:${EMBEDDED_PORT}`;

const root = path.resolve(import.meta.dirname, '../..');

/**
 * `node dist/server/main.js` without DATABASE_URL on EMBEDDED_PORT, in a data folder beside the run's
 * (E2E_DATA_DIR, set by playwright.config.ts): PGlite, migrated and seeded with the demo at its first start.
 * Resolves once /api/health answers; `stop()` ends it with SIGTERM, as a supervisor does, and waits for its exit.
 */
export async function startEmbeddedServer(): Promise<{ stop(): Promise<void> }> {
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(EMBEDDED_PORT),
      DATA_DIR: `${path.resolve(root, process.env.E2E_DATA_DIR!)}-embedded`,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`the embedded server exited (${server.exitCode}):\n${output}`);
    const healthy = await fetch(`${EMBEDDED_URL}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error(`the embedded server did not answer within 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    async stop() {
      if (server.exitCode === null) server.kill('SIGTERM');
      await exited;
    },
  };
}
