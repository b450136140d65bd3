import type { Config } from './config';
import { createAuth, type AuthMailer } from './core/auth/auth';
import { SettingsStore } from './core/settings/settings-store';
import type { Database } from './db/client';
import type { AppDeps } from './http/app';
import type { Logger } from './logger';

/** Wires the business services once, for the server and the API tests alike. */
export function createServices(config: Config, database: Database, logger: Logger): Omit<AppDeps, 'webRoot'> {
  const settings = new SettingsStore(database.db);
  const mailer: AuthMailer = {
    sendSignInCode: async (email, code) => logger.info({ to: email, code }, 'sign-in code'),
    sendMagicLink: async (email, token) =>
      logger.info({ to: email, url: `${config.publicUrl}/auth/magic-link?token=${token}` }, 'magic link'),
  };
  const auth = createAuth({ db: database.db, secret: config.appSecret, publicUrl: config.publicUrl, mailer });
  return { config, database, logger, settings, auth };
}
