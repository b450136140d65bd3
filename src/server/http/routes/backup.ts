import { Hono, type Context } from 'hono';
import { verifyBackupToken } from '../../backup/backup-token';
import { dumpEmbeddedDatabase } from '../../backup/embedded-dump';
import type { AppEnv } from '../context';
import { errorBody } from '../errors';
import { carriesForwardingHeader, isLoopbackPeer } from '../peer-address';

/**
 * The embedded database's dump for `npm run backup` while the server runs: PGlite lets only one process open
 * DATA_DIR/db, so the backup asks the process that has it (docs/decisions/030-backups.md). Only for a client
 * on this machine that did not come through a proxy, and only with a token signed with APP_SECRET; anyone
 * else gets the answer of a route that does not exist. With DATABASE_URL the backup runs pg_dump instead.
 */
export const backupRoutes = new Hono<AppEnv>().get('/dump', async (c) => {
  const notFound = () => c.json(errorBody('not_found', 'Diese API-Route gibt es nicht.'), 404);
  if (!fromThisMachine(c) || carriesForwardingHeader(c)) return notFound();
  const { config, database, logger } = c.get('deps');
  const pglite = database.pglite;
  if (!pglite) return notFound();
  const token = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
  if (!token || !verifyBackupToken(config.appSecret, token)) {
    return c.json(
      errorBody(
        'unauthorized',
        'Der Sicherungs-Token fehlt, ist abgelaufen oder nicht mit diesem APP_SECRET signiert: npm run backup mit derselben Konfiguration wie der Server starten.',
      ),
      401,
    );
  }
  const started = performance.now();
  const dump = await dumpEmbeddedDatabase(pglite);
  logger.info(
    { bytes: dump.size, ms: Math.round(performance.now() - started) },
    'database dumped for a backup',
  );
  return new Response(dump.stream(), {
    headers: {
      'Content-Type': 'application/x-tar',
      'Content-Length': String(dump.size),
      'Cache-Control': 'no-store',
    },
  });
});

/** The peer is a loopback address, or the server's own address (HOST bound to one of this machine's). */
function fromThisMachine(c: Context<AppEnv>): boolean {
  if (isLoopbackPeer(c)) return true;
  const socket = (
    c.env as { incoming?: { socket?: { remoteAddress?: string; localAddress?: string } } } | undefined
  )?.incoming?.socket;
  return Boolean(socket?.remoteAddress && socket.remoteAddress === socket.localAddress);
}
