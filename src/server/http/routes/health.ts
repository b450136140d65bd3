import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { errorBody } from '../errors';

// DESIGN §1 contract: {"status":"ok","database":"pglite"|"postgres"}.
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { database, logger } = c.get('deps');
  try {
    await database.ping();
  } catch (err) {
    logger.error({ err }, 'health check: database unreachable');
    return c.json(errorBody('unavailable', 'Die Datenbank ist nicht erreichbar.'), 503);
  }
  c.header('Cache-Control', 'no-store');
  return c.json({ status: 'ok', database: database.kind });
});
