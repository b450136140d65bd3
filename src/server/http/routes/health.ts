import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../errors';

/** Below the 2 s within which a health check must answer, also when the database does not (decision 015). */
export const HEALTH_PING_TIMEOUT_MS = 1500;

/** The 503 of a database that does not answer within HEALTH_PING_TIMEOUT_MS, or undefined when it answers. */
async function databaseUnreachable(c: Context<AppEnv>, check: string): Promise<Response | undefined> {
  const { database, logger } = c.get('deps');
  try {
    await database.ping({ timeoutMs: HEALTH_PING_TIMEOUT_MS });
    return undefined;
  } catch (err) {
    logger.error({ err }, `${check}: database unreachable`);
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
}

// A contract for monitors and tests (docs/architecture.md#database-and-migrations, decision 033):
// - GET /api/health, liveness: {"status":"ok","database":"pglite"|"postgres"}; 503 {"status":"error",…} while
//   the database does not answer.
// - GET /api/health/ready, readiness for a load balancer: 503 {"status":"starting"|"draining"} while the
//   instance starts or shuts down, the same 503 as above while the database does not answer, else 200
//   {"status":"ready","database":…}.
export const healthRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    const unreachable = await databaseUnreachable(c, 'health check');
    if (unreachable) return unreachable;
    return c.json({ status: 'ok', database: c.get('deps').database.kind });
  })
  .get('/ready', async (c) => {
    c.header('Cache-Control', 'no-store');
    const state = c.get('deps').readiness?.state ?? 'ready';
    if (state !== 'ready') return c.json({ status: state }, 503);
    const unreachable = await databaseUnreachable(c, 'readiness check');
    if (unreachable) return unreachable;
    return c.json({ status: 'ready', database: c.get('deps').database.kind });
  });
