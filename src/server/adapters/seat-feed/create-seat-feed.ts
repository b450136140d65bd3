import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { PgliteListener } from './pglite-listener';
import { PostgresListener } from './postgres-listener';
import { SeatFeed } from './seat-feed';

/** The feed for the configured database: a dedicated LISTEN connection on PostgreSQL, PGlite's own listen. */
export function createSeatFeed(database: Database, logger: Logger): SeatFeed {
  if (database.kind === 'postgres' && database.pool) {
    return new SeatFeed(new PostgresListener(database.pool.options, logger), logger);
  }
  if (database.pglite) return new SeatFeed(new PgliteListener(database.pglite), logger);
  throw new Error('seat feed: unknown database kind');
}
