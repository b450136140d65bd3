import { Hono } from 'hono';
import { listDevMails } from '../../core/mail/list-dev-mails';
import type { AppEnv } from '../app';
import { errorBody } from '../errors';

/**
 * DESIGN §1 contract: the dev mailbox, only without SMTP_URL and outside production. Without a login on
 * purpose: it exists on developer machines and in test runs, where mails must be readable by scripts.
 */
export const devMailRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { config, database } = c.get('deps');
  if (config.smtpUrl || config.production) {
    return c.json(
      errorBody(
        'not_found',
        'Das Entwickler-Postfach ist nur ohne SMTP_URL und außerhalb von production verfügbar.',
      ),
      404,
    );
  }
  c.header('Cache-Control', 'no-store');
  return c.json(await listDevMails({ db: database.db }));
});
