import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '@server/config';
import type { SettingsStore } from '@server/core/settings/settings-store';
import type { Database } from '@server/db/client';
import { createApp } from '@server/http/app';
import type { AppDeps } from '@server/http/context';
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

/**
 * The bindings @hono/node-server gives a request, as far as getConnInfo() reads them: pass as app.request's
 * third argument to send from that address.
 */
export const peer = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

/** The real app on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL), driven by app.request(). */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    webRoot?: string;
    database?: Database;
    pageRenderer?: AppDeps['pageRenderer'];
  } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ticketshop-test-'));
  // A reverse proxy on this machine, as in a deployment: X-Forwarded-For names the client, so a test can be
  // its own client for the per-client rate limits (docs/decisions/016).
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: '127.0.0.1',
    ...options.env,
  });
  const shared = options.database;
  const database = shared ?? (await createTestDatabase());
  const services = createServices(config, database, createLogger('silent'));
  const { settings } = services;
  const app = createApp({ ...services, webRoot: options.webRoot, pageRenderer: options.pageRenderer });
  // app.request() has no socket; requests come from this machine unless a test passes another peer.
  const request = app.request;
  app.request = (input, init, env, executionCtx) =>
    request(input, init, env ?? peer('127.0.0.1'), executionCtx);
  return {
    app,
    database,
    config,
    settings,
    services,
    close: () => (shared ? Promise.resolve() : database.close()),
  } satisfies TestApp;
}
