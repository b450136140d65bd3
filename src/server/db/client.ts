import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { withDeadline } from './database-unavailable';
import * as schema from './schema';
import { DEFAULT_DATABASE_TIMEOUTS, DEFAULT_POOL_MAX, type DatabaseTimeouts } from './timeouts';
import type { Db } from './types';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /**
   * Runs all pending migrations, then `afterwards` (the demo seed). On PostgreSQL both run under an advisory
   * lock, so instances started together migrate and seed one after the other (docs/architecture.md#several-instances).
   */
  migrate(afterwards?: () => Promise<unknown>): Promise<void>;
  /** A cheap round trip, for health checks; with `timeoutMs` it gives up waiting after that long. */
  ping(options?: { timeoutMs?: number }): Promise<void>;
  close(): Promise<void>;
  /** The PostgreSQL pool when kind is 'postgres' (LISTEN/NOTIFY, raw benchmarks). */
  pool?: pg.Pool;
  /** The PGlite instance when kind is 'pglite'. */
  pglite?: PGlite;
}

/** Advisory lock key held while an instance migrates and seeds (any constant that no other lock uses). */
const MIGRATION_LOCK = 71_402_811;

export const migrationsFolder = resolveMigrationsFolder();

function resolveMigrationsFolder(): string {
  // In the source tree this file sits beside migrations/; the server bundle copies them beside main.js.
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.join(here, 'migrations');
}

export type DatabaseOptions =
  | {
      databaseUrl: string;
      /** Defaults: DEFAULT_DATABASE_TIMEOUTS (timeouts.ts). */
      timeouts?: DatabaseTimeouts;
      /** The most connections the pool keeps (DATABASE_POOL_MAX); DEFAULT_POOL_MAX without it. */
      poolMax?: number;
      /** Where dropped connections are reported; a console warning without it. */
      logger?: { warn(details: { err: Error }, message: string): void };
    }
  | { dataDir: string }
  | {
      memory: true;
      /** a `dumpDataDir()` of a migrated database: skips initdb and migrations */ from?: Blob;
    };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) return openPostgres(options);
  let client: PGlite;
  if ('dataDir' in options) {
    mkdirSync(options.dataDir, { recursive: true });
    client = new PGlite(options.dataDir);
  } else {
    client = new PGlite(options.from ? { loadDataDir: options.from } : {});
  }
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    pglite: client,
    migrate: async (afterwards) => {
      await migratePglite(pgliteDb, { migrationsFolder });
      await afterwards?.();
    },
    ping: async ({ timeoutMs } = {}) => {
      const query = client.query('select 1');
      await (timeoutMs ? withDeadline(query, timeoutMs) : query);
    },
    close: () => client.close(),
  };
}

/** The server cancels a slow statement itself; the client waits this much longer for a server that is gone. */
const CLIENT_TIMEOUT_MARGIN_MS = 1000;

/**
 * A pool whose connections may be ended at any time (restart, failover, pg_terminate_backend, a network
 * blip) without taking the process down, and whose waits are bounded (docs/decisions/015-database-faults.md).
 */
function openPostgres(options: Extract<DatabaseOptions, { databaseUrl: string }>): Database {
  const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
  const config: pg.PoolConfig = {
    connectionString: options.databaseUrl,
    max: options.poolMax ?? DEFAULT_POOL_MAX,
    keepAlive: true,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + CLIENT_TIMEOUT_MARGIN_MS,
  };
  const report = (error: Error) => {
    const message = 'database connection lost; dropped from the pool';
    if (options.logger) options.logger.warn({ err: error }, message);
    else console.warn(`${message}: ${error.message}`);
  };
  const pool = new pg.Pool(config);
  // An idle connection's error reaches the pool (which has already dropped it). Unhandled, the 'error'
  // event would end the process.
  pool.on('error', report);
  // A connection in use fails its query, which the request answers with 503; pg-pool drops it on release
  // as no longer queryable. Its 'error' event must not end the process either.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    pool,
    migrate: async (afterwards) => {
      // A migration may rewrite a large table: its own connection, without the statement timeouts. The
      // session lock ends with the connection, also when the process dies.
      const client = new pg.Client({ ...config, statement_timeout: 0, query_timeout: 0 });
      client.on('error', report);
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        await afterwards?.();
      } finally {
        await client.end();
      }
    },
    ping: async ({ timeoutMs } = {}) => {
      // the query's own timeout frees its connection; the deadline also covers waiting for one
      // (node-postgres reads a per-query query_timeout; its types do not list it)
      const query = pool.query({ text: 'select 1', query_timeout: timeoutMs } as pg.QueryConfig);
      await (timeoutMs ? withDeadline(query, timeoutMs) : query);
    },
    close: () => pool.end(),
  };
}

/**
 * A hot statement that the query builder cannot express (a CTE over UPDATE … RETURNING), as a named
 * prepared statement on PostgreSQL: parsed and planned once per pooled connection, not on every call.
 * PGlite runs it as a plain parameterised query.
 */
export async function runPrepared<Row>(
  db: Db,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    return (await client.query<Row & pg.QueryResultRow>({ name, text, values })).rows;
  }
  return (await (client as PGlite).query<Row>(text, values)).rows;
}
