import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../errors';

/** Below the 2 s within which a health check must answer, also when the database does not (decision 015). */
export const HEALTH_PING_TIMEOUT_MS = 1500;

// A contract for monitors and tests: {"status":"ok","database":"pglite"|"postgres"}; 503 {"status":"error",…}
// otherwise (docs/architecture.md#database-and-migrations).
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { database, logger } = c.get('deps');
  c.header('Cache-Control', 'no-store');
  try {
    await database.ping({ timeoutMs: HEALTH_PING_TIMEOUT_MS });
  } catch (err) {
    logger.error({ err }, 'health check: database unreachable');
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return c.json(
      {
        status: 'error',
        database: database.kind,
        error: { code: 'unavailable', message: DATABASE_UNAVAILABLE_MESSAGE },
      },
      503,
    );
  }
  return c.json({ status: 'ok', database: database.kind });
});
