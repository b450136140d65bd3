import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: PGlite's and node-postgres' Drizzle databases share the query API. */
export type Db = NodePgDatabase<Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Runs all pending migrations. */
  migrate(): Promise<void>;
  /** A cheap round trip, for health checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The PostgreSQL pool when kind is 'postgres' (LISTEN/NOTIFY, raw benchmarks). */
  pool?: pg.Pool;
  /** The PGlite instance when kind is 'pglite'. */
  pglite?: PGlite;
}

export const migrationsFolder = resolveMigrationsFolder();

function resolveMigrationsFolder(): string {
  // In the source tree this file sits beside migrations/; the server bundle copies them beside main.js.
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.join(here, 'migrations');
}

export type DatabaseOptions =
  | { databaseUrl: string }
  | { dataDir: string }
  | {
      memory: true;
      /** a `dumpDataDir()` of a migrated database: skips initdb and migrations */ from?: Blob;
    };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20 });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      pool,
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
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
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
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
