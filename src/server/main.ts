import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { ConfigError, loadConfig, type Config } from './config';
import { createLogger, type Logger } from './logger';
import { openDatabase, type Database } from './db/client';
import { seedDemo } from './demo/seed';
import { createApp } from './http/app';
import { devMailboxWarning } from './http/routes/dev-mails';
import { createServices } from './services';
import { hasAdmin } from './core/setup/create-owner';
import { createSetupToken, SETUP_TOKEN_HOURS_VALID, setupUrl } from './core/setup/setup-token';
import { removeServerRecord, writeServerRecord } from './backup/server-record';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  // PGlite keeps no lock of its own: `npm run backup` finds the process that holds DATA_DIR/db and its port
  // in DATA_DIR/server.json, written before the database opens (docs/decisions/030-backups.md).
  const embedded = !config.databaseUrl;
  const startedAt = new Date().toISOString();
  if (embedded) writeServerRecord(config.dataDir, { port: null, host: config.host, startedAt });
  const database = await connect(config, logger);
  await database.migrate();
  if (config.seedDemo && (await seedDemo(database.db))) logger.info('demo data seeded');

  if (!(await hasAdmin(database.db))) {
    // While no admin exists, the start prints the owner-setup URL, as `npm run setup-token` does
    // (docs/architecture.md#layers-and-folders, docs/product/admin.md#owner-setup).
    const url = setupUrl(config.publicUrl, createSetupToken(config.appSecret));
    process.stdout.write(`Ersteinrichtung (gültig ${SETUP_TOKEN_HOURS_VALID} h, einmalig): ${url}\n`);
  }

  const devMailboxExposed = devMailboxWarning(config);
  if (devMailboxExposed) process.stderr.write(`${devMailboxExposed}\n`);

  const webRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'web');
  const services = createServices(config, database, logger, { webRoot });
  services.outbox.start();
  services.holdExpiry.start();
  services.refundJob.start();
  await services.seatFeed.start();
  const app = createApp({ ...services, webRoot });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info({ port: info.port, database: database.kind }, `listening on ${config.publicUrl}`);
    if (embedded) writeServerRecord(config.dataDir, { port: info.port, host: config.host, startedAt });
  });
  // Idle keep-alive connections outlive a load balancer's (typically 60 s), so a reused connection is never
  // closed by us mid-request (Node's 5 s default caused ECONNRESET on clients that pool connections).
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(0), 5000).unref();
    try {
      // the feed first: it ends the live seat streams, which server.close() would otherwise wait for
      await services.seatFeed.stop();
      await new Promise((resolve) => server.close(resolve));
      await services.outbox.stop();
      await services.holdExpiry.stop();
      await services.refundJob.stop();
      await database.close();
      if (embedded) removeServerRecord(config.dataDir);
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

async function connect(config: Config, logger: Logger): Promise<Database> {
  const { databaseUrl, databaseTimeouts: timeouts } = config;
  const database = await openDatabase(
    databaseUrl ? { databaseUrl, timeouts, logger } : { dataDir: path.join(config.dataDir, 'db') },
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
