import { Hono } from 'hono';
import type { Config } from '../../config';
import { listDevMails } from '../../core/mail/list-dev-mails';
import type { AppEnv } from '../context';
import { errorBody } from '../errors';
import { isLocalRequest, isLoopbackHost } from '../peer-address';

/**
 * The dev mailbox, only without SMTP_URL and outside production (docs/architecture.md#adapters, decision
 * 016). Its answer is a contract the browser tests read. Without a login on purpose: it exists on developer
 * machines and in test runs, where mails must be readable by scripts. It holds everyone's sign-in codes, so
 * only a client on this machine that came through no proxy may read it (docs/decisions/016, 046); anyone else
 * gets the answer of a route that does not exist.
 */
export const devMailRoutes = new Hono<AppEnv>().get('/', async (c) => {
  if (!isLocalRequest(c)) return c.json(errorBody('not_found', 'Diese API-Route gibt es nicht.'), 404);
  const { config, database } = c.get('deps');
  if (!devMailboxOn(config)) {
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

const devMailboxOn = (config: Config) => !config.smtpUrl && !config.production;

/** The start's warning when the mailbox is on and other machines can reach the server (docs/decisions/016). */
export function devMailboxWarning(config: Config): string | null {
  if (!devMailboxOn(config) || isLoopbackHost(config.host)) return null;
  return (
    `Achtung: SMTP_URL ist nicht gesetzt, alle E-Mails samt Anmeldecodes landen im Entwickler-Postfach, ` +
    `und der Server lauscht auf HOST=${config.host}, also auch für andere Rechner. ` +
    `/dev/mails und /api/dev/mails antworten nur Aufrufen von diesem Rechner (127.0.0.1, ::1). ` +
    `Für einen erreichbaren Server SMTP_URL setzen, sonst HOST=127.0.0.1.`
  );
}
