import { createMailTransport } from './adapters/mail/mail-transport';
import { createStorage } from './adapters/storage/storage';
import { createSeatFeed } from './adapters/seat-feed/seat-feed';
import type { Config } from './config';
import { createAuth } from './core/auth/auth';
import { createAuthMailer } from './core/auth/auth-mailer';
import { PublicEventCache } from './core/events/public-event-cache';
import { SettingsStore } from './core/settings/settings-store';
import type { Database } from './db/client';
import type { AppDeps } from './http/app';
import { HoldExpiryJob } from './jobs/hold-expiry-job';
import { OutboxWorker } from './jobs/outbox-worker';
import type { Logger } from './logger';

export type Services = Omit<AppDeps, 'webRoot'> & {
  /** Releases expired seat holds (DESIGN §4); started by main.ts. */
  holdExpiry: HoldExpiryJob;
};

/** Wires the business services once, for the server and the API tests alike. Jobs are started by main.ts. */
export function createServices(config: Config, database: Database, logger: Logger): Services {
  const { db } = database;
  const settings = new SettingsStore(db);
  const transport = createMailTransport(config, logger);
  const outbox = new OutboxWorker({ db, transport, logger });
  const mailer = createAuthMailer({
    db,
    config,
    settings,
    logger,
    devMailbox: transport.kind === 'devbox',
    kick: () => outbox.kick(),
  });
  const auth = createAuth({ db, secret: config.appSecret, publicUrl: config.publicUrl, mailer });
  const seatFeed = createSeatFeed(database, logger);
  const publicEvents = new PublicEventCache({ db, feed: seatFeed });
  return {
    config,
    database,
    logger,
    settings,
    auth,
    outbox,
    storage: createStorage(config),
    seatFeed,
    publicEvents,
    holdExpiry: new HoldExpiryJob({ db, logger }),
  };
}
