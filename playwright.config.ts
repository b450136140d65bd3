// Browser journeys (docs/architecture.md#tests, decision 018). They run against the BUILT app: run `npm run
// build` first, then `npm run test:e2e` (= `playwright test`). `.ci/run` does both in that order. Chromium
// comes from Debian (`apt-get install -y chromium chromium-headless-shell`, e2e/support/browsers.ts); never `npx
// playwright install` (the machines cannot download Playwright's own browsers).
//
// Two servers (docs/decisions/018-browser-tests.md):
// - the journeys run against PostgreSQL (as the API tests in CI do): a fresh database per run, made here
//   from E2E_ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres);
// - one smoke journey (e2e/embedded/) runs against `node dist/server/main.js` with no DATABASE_URL, the
//   embedded default of `npm start`, which it starts itself (e2e/support/servers.ts).
// The phone project runs only the tests tagged @phone (phone layout), not every journey a second time.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import pg from 'pg';
import { CHROMIUM_ARGS, HEADLESS_SHELL } from './e2e/support/browsers';
import { EMBEDDED_URL, SERVER_ENV } from './e2e/support/servers';

const PORT = 3100;
const BASE_URL = `http://127.0.0.1:${PORT}`;

// The config is loaded again in each worker process; the environment variables set by the first load keep
// one data folder and one database for the whole run. (Playwright empties test-results/ before it starts
// the web servers; the servers create their folders again.)
const root = import.meta.dirname;
process.env.E2E_DATA_DIR ??= path.join(root, 'test-results', `e2e-data-${Date.now()}`);
const dataDir = path.resolve(root, process.env.E2E_DATA_DIR);
mkdirSync(dataDir, { recursive: true });
process.env.E2E_DATABASE_URL ??= await freshDatabase(
  process.env.E2E_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);

/** Drops the databases of earlier runs (those still in use stay) and creates an empty one for this run. */
async function freshDatabase(adminUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const earlier = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'ticketshop_e2e_%'",
    );
    for (const { datname } of earlier.rows) {
      await client.query(`drop database if exists "${datname}"`).catch(() => undefined);
    }
    const name = `ticketshop_e2e_${Date.now()}`;
    await client.query(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  } finally {
    await client.end();
  }
}

const CI = Boolean(process.env.CI);
const TRACE = (process.env.E2E_TRACE ?? (CI ? 'off' : 'retain-on-failure')) as
  'off' | 'on' | 'retain-on-failure';
// The screenshots for people to look at (e2e/support/fixtures.ts#saveScreenshot): taken locally, not in CI,
// unless E2E_SCREENSHOTS=1; workers read the variable this first load sets.
process.env.E2E_SCREENSHOTS ??= CI ? '0' : '1';
/** Specs that publish bookable events of their own, which would show up on the home page of the others. */
const AFTER_PUBLIC = /(waitlist|bank-transfer|series)\.spec\.ts/;
// Measured on 2 cores (docs/decisions/018-browser-tests.md): 2 workers beat 1 with the server on PostgreSQL.
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: CI,
  workers: WORKERS,
  // A flaky test is a failing test: no retries that hide it.
  retries: 0,
  failOnFlakyTests: true,
  // journeys wait for states, never for time: a generous limit only matters on a slow or busy machine
  timeout: 90_000,
  expect: { timeout: 7_500 },
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    // Nobody opens a trace from CI (its log is what reaches people) and recording one costs a fifth of the
    // browser tests' CPU (decision 063); E2E_TRACE=retain-on-failure (or on) records them there too.
    trace: TRACE,
    // 'only-on-failure' photographs every page of every context as it closes, passing or not, in case the
    // journey fails later (Playwright keeps it only then): 5–10 % of the browser tests' CPU. Nobody sees them
    // in CI, whose log names the failure's error-context.md (the page as text); E2E_SCREENSHOTS=1 keeps them.
    screenshot: process.env.E2E_SCREENSHOTS === '1' ? 'only-on-failure' : 'off',
    // Debian's headless shell; the widget and camera journeys ask for the full browser (e2e/support/browsers.ts)
    launchOptions: { executablePath: HEADLESS_SHELL, args: [...CHROMIUM_ARGS] },
  },
  projects: [
    {
      // first, beside the first journeys on the other worker: its server migrates and seeds PGlite meanwhile and
      // stops after the journey (e2e/support/servers.ts)
      name: 'embedded',
      testMatch: /embedded\/.*\.spec\.ts/,
      use: { baseURL: EMBEDDED_URL, viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'desktop',
      testIgnore: [/embedded\//, AFTER_PUBLIC],
      grepInvert: /@phone-only/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      testIgnore: [/embedded\//, AFTER_PUBLIC],
      grep: /@phone/,
      use: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    },
    {
      // journeys that publish events of their own: after those that count the demo programme's cards
      name: 'after-public',
      testMatch: AFTER_PUBLIC,
      dependencies: ['desktop', 'phone'],
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      command: 'node dist/server/main.js',
      cwd: root,
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...SERVER_ENV,
        PORT: String(PORT),
        DATA_DIR: dataDir,
        DATABASE_URL: process.env.E2E_DATABASE_URL,
      },
    },
  ],
});
