// Browser journeys (DESIGN §5). They run against the BUILT app: run `npm run build` first, then
// `npm run test:e2e` (= `playwright test`). `.ci/run` does both in that order.
// Chromium comes from Debian (`apt-get install -y chromium`, /usr/bin/chromium, or CHROMIUM_PATH);
// never `npx playwright install` (the machines cannot download Playwright's own browsers).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = 3100;
const BASE_URL = `http://127.0.0.1:${PORT}`;

// A fresh embedded database per run, so the demo seed runs on an empty database every time. The config is
// loaded again in each worker process; the environment variable keeps one folder for the whole run.
// (Playwright empties test-results/ before it starts the web server; the server creates the folder again.)
const root = import.meta.dirname;
process.env.E2E_DATA_DIR ??= path.join(root, 'test-results', `e2e-data-${Date.now()}`);
const dataDir = path.resolve(root, process.env.E2E_DATA_DIR);
mkdirSync(dataDir, { recursive: true });

const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: CI,
  workers: 2,
  retries: CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    command: 'node dist/server/main.js',
    cwd: root,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  },
});
