import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '@server/config';
import type { SettingsStore } from '@server/core/settings/settings-store';
import type { Database } from '@server/db/client';
import { createApp } from '@server/http/app';
import { createLogger } from '@server/logger';
import { createServices, type Services } from '@server/services';
import { createTestDatabase } from './db';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: Database;
  config: Config;
  settings: SettingsStore;
  /** Everything createServices wired (payments, outbox, jobs), for tests that drive them directly. */
  services: Services;
  close(): Promise<void>;
}

/** The real app on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL), driven by app.request(). */
export async function createTestApp(
  options: { env?: Record<string, string>; webRoot?: string; database?: Database } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ticketshop-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const shared = options.database;
  const database = shared ?? (await createTestDatabase());
  const services = createServices(config, database, createLogger('silent'));
  const { settings } = services;
  const app = createApp({ ...services, webRoot: options.webRoot });
  return {
    app,
    database,
    config,
    settings,
    services,
    close: () => (shared ? Promise.resolve() : database.close()),
  } satisfies TestApp;
}
