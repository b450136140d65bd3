import type { Server as HttpServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { ConfigError, loadConfig, type Config } from './config';
import { createLogger, type Logger } from './logger';
import { openDatabase, type Database } from './db/client';
import { seedDemo } from './demo/seed';
import { createApp } from './http/app';
import { HttpLifecycle } from './http/http-lifecycle';
import { createShutdown } from './shutdown';
import { devMailboxWarning } from './http/routes/dev-mails';
import { createServices } from './services';
import { hasAdmin } from './core/setup/create-owner';
import { createSetupToken, SETUP_TOKEN_HOURS_VALID, setupUrl } from './core/setup/setup-token';
import { removeServerRecord, writeServerRecord } from './backup/server-record';
import { rendererFromFile } from './http/server-rendered-pages';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  // PGlite keeps no lock of its own: `npm run backup` finds the process that holds DATA_DIR/db and its port
  // in DATA_DIR/server.json, written before the database opens (docs/decisions/030-backups.md).
  const embedded = !config.databaseUrl;
  const startedAt = new Date().toISOString();
  if (embedded) writeServerRecord(config.dataDir, { port: null, host: config.host, startedAt });
  const database = await connect(config, logger);
  await database.migrate(async () => {
    if (config.seedDemo && (await seedDemo(database.db))) logger.info('demo data seeded');
  });

  if (!(await hasAdmin(database.db))) {
    // While no admin exists, the start prints the owner-setup URL, as `npm run setup-token` does
    // (docs/architecture.md#layers-and-folders, docs/product/admin.md#owner-setup).
    const url = setupUrl(config.publicUrl, createSetupToken(config.appSecret));
    process.stdout.write(`Ersteinrichtung (gültig ${SETUP_TOKEN_HOURS_VALID} h, einmalig): ${url}\n`);
  }

  const devMailboxExposed = devMailboxWarning(config);
  if (devMailboxExposed) process.stderr.write(`${devMailboxExposed}\n`);

  const distDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  const webRoot = path.join(distDir, 'web');
  const pageRenderer = rendererFromFile(path.join(distDir, 'ssr', 'render-page.js'));
  const services = createServices(config, database, logger, { webRoot });
  services.outbox.start();
  services.holdExpiry.start();
  services.refundJob.start();
  services.retention.start();
  services.bankTransfers.start();
  services.eventMails.start();
  services.reconcile.start();
  services.webhooks.start();
  await services.seatFeed.start();
  // The server listens only once everything above is done, so while starting its port refuses connections;
  // readiness turns 'ready' when it listens and 'draining' at SIGTERM (decision 033).
  const lifecycle = new HttpLifecycle();
  const app = createApp({ ...services, webRoot, pageRenderer, readiness: lifecycle });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    lifecycle.markReady();
    logger.info({ port: info.port, database: database.kind }, `listening on ${config.publicUrl}`);
    if (embedded) writeServerRecord(config.dataDir, { port: info.port, host: config.host, startedAt });
  });
  lifecycle.attach(server as HttpServer); // serve() makes a node:http server unless told otherwise
  // Idle keep-alive connections outlive a load balancer's (typically 60 s), so a reused connection is never
  // closed by us mid-request (Node's 5 s default caused ECONNRESET on clients that pool connections).
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }

  // SIGTERM/SIGINT: stop accepting, end the live seat streams and the jobs while the requests in flight
  // finish (at most SHUTDOWN_GRACE_SECONDS), then announce the last seat changes, close the pool, exit 0
  // (docs/architecture.md#layers-and-folders, decision 033).
  const shutdown = createShutdown({
    http: lifecycle,
    logger,
    graceMs: config.shutdownGraceSeconds * 1000,
    alongsideDrain: [
      { done: 'seat feed stopped, live streams ended', run: () => services.seatFeed.stop() },
      {
        done: 'jobs stopped',
        run: async () => {
          await Promise.all([
            services.outbox.stop(),
            services.holdExpiry.stop(),
            services.refundJob.stop(),
            services.retention.stop(),
            services.bankTransfers.stop(),
            services.eventMails.stop(),
            services.reconcile.stop(),
            services.webhooks.stop(),
          ]);
        },
      },
    ],
    afterDrain: [
      { done: 'seat changes announced', run: () => services.seatNotifier.flush() },
      { done: 'database closed', run: () => database.close() },
      ...(embedded
        ? [{ done: 'server record removed', run: async () => removeServerRecord(config.dataDir) }]
        : []),
    ],
  });
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

async function connect(config: Config, logger: Logger): Promise<Database> {
  const { databaseUrl, databaseTimeouts: timeouts, databasePoolMax: poolMax } = config;
  const database = await openDatabase(
    databaseUrl ? { databaseUrl, timeouts, poolMax, logger } : { dataDir: path.join(config.dataDir, 'db') },
  );
  try {
    await database.ping();
    return database;
  } catch (error) {
    await database.close().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartupError(
      databaseUrl
        ? `Die Datenbank unter DATABASE_URL ist nicht erreichbar (${reason}). Bitte DATABASE_URL prüfen.`
        : `Die eingebettete Datenbank in DATA_DIR konnte nicht geöffnet werden (${reason}).`,
    );
  }
}

class StartupError extends Error {}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof StartupError;
  console.error(known ? `Start abgebrochen: ${(error as Error).message}` : error);
  process.exit(1);
});
