// scratch config (not part of the change): same as playwright.config.ts on another port, since another
// engineer's run holds 3100.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

const PORT = 3300;
const dataDir = path.join('/tmp', `ev-e2e-${process.env.EV_RUN ?? 'x'}`);
mkdirSync(dataDir, { recursive: true });
export default defineConfig({
  ...base,
  outputDir: '/tmp/ev-pw-results',
  reporter: [['line']],
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    ...(base.webServer as object),
    command: 'node dist/server/main.js',
    url: `http://127.0.0.1:${PORT}/api/health`,
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  } as never,
});
