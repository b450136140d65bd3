/**
 * How long the app waits for PostgreSQL (docs/decisions/015-database-faults.md). Here in db/, which imports
 * nothing of the server outside db/; config.ts reads the variables that override the defaults.
 */
export interface DatabaseTimeouts {
  /** Connecting, and waiting for a free connection of the pool. */
  connectMs: number;
  /** One statement: the server cancels it after this; the client gives up a little later. */
  statementMs: number;
}
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 5000, statementMs: 10_000 };

/** The most connections one instance's pool keeps unless DATABASE_POOL_MAX says otherwise. */
export const DEFAULT_POOL_MAX = 20;
