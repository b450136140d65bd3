import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { migrationsFolder, openDatabase, type Database } from '@server/db/client';
import type { Db } from '@server/db/types';
import { bookings, events } from '@server/db/schema';
import { createLogger } from '@server/logger';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or, when TEST_DATABASE_URL
 * is set, a PostgreSQL database cloned from a migrated template. Either way a worker keeps the databases its
 * files closed and empties one for the next file (docs/decisions/063-test-speed.md): each file still starts
 * from the migrated, empty schema, without paying for a new database.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return takePglite();
  return takePostgres(serverUrl);
}

/** PostgreSQL databases of this worker that a file closed and that were emptied back to the template's state. */
const idlePostgres: string[] = [];
/** The template's rows (the migrations' mail rules) and the shape of its schema, read once per worker. */
let postgresPristine: Promise<{ rows: Map<string, string>; shape: string }> | undefined;

async function takePostgres(serverUrl: string): Promise<Database> {
  const template = await ensureTemplate(serverUrl);
  let name = idlePostgres.pop();
  if (!name) {
    name = `ticketshop_test_${runId()}_${randomBytes(4).toString('hex')}`;
    const fresh = name;
    await withAdmin(serverUrl, (client) => createFromTemplate(client, fresh, template));
    postgresPristine ??= withAdmin(urlWithDatabase(serverUrl, fresh), async (client) => ({
      rows: await readPostgresRows(client),
      shape: await schemaShape(client),
    }));
    await postgresPristine;
  }
  const database = await openDatabase({
    databaseUrl: urlWithDatabase(serverUrl, name),
    // the reset below ends connections a test left behind (a server process it started): expected here, so
    // the pool reports lost connections to a silent logger
    logger: createLogger('silent'),
    // Races start 150 bookings at once on a pool of 20: on a loaded machine the wait for a free connection
    // passes the app's 5 s (docs/decisions/063-test-speed.md). Tests of the timeouts set their own.
    timeouts: { connectMs: 60_000, statementMs: 30_000 },
  });
  const own = name;
  let closed = false;
  return {
    ...database,
    close: async () => {
      if (closed) return;
      closed = true;
      await database.close();
      const emptied = await emptyPostgres(urlWithDatabase(serverUrl, own)).catch(() => false);
      if (emptied) idlePostgres.push(own);
      else await withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${own}" WITH (FORCE)`));
    },
  };
}

const PUBLIC_TABLES =
  "select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename";

async function readPostgresRows(client: pg.Client): Promise<Map<string, string>> {
  const rows = new Map<string, string>();
  const { rows: tables } = await client.query<{ name: string }>(PUBLIC_TABLES);
  for (const { name } of tables) {
    const { rows: found } = await client.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${name} t`,
    );
    if (found[0]?.json) rows.set(name, found[0].json);
  }
  return rows;
}

/** Tables, columns, constraints and indexes of the public schema: a file that changed them leaves no reusable database. */
async function schemaShape(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ shape: string }>(`
    select md5(coalesce((select string_agg(table_name || '.' || column_name || ':' || data_type, ',' order by table_name, column_name)
      from information_schema.columns where table_schema = 'public'), '')
      || coalesce((select string_agg(conname, ',' order by conname) from pg_constraint c
      join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public'), '')
      || coalesce((select string_agg(indexname, ',' order by indexname) from pg_indexes where schemaname = 'public'), '')
      || coalesce((select string_agg(tgname, ',' order by tgname) from pg_trigger where not tgisinternal), '')) as shape`);
  return rows[0]!.shape;
}

/**
 * Back to the template's state: no session of a test left (a server process it started), every table that
 * holds rows emptied by DELETE with the foreign-key triggers off (a TRUNCATE of all 50 tables costs as much as a
 * new database: ~0.5 s), the migrations' rows put back. Answers false when the schema was changed or the reset
 * failed: then the database is dropped instead.
 */
async function emptyPostgres(url: string): Promise<boolean> {
  const pristine = await postgresPristine!;
  return withAdmin(url, async (client) => {
    await client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    if ((await schemaShape(client)) !== pristine.shape) return false;
    const { rows: tables } = await client.query<{ name: string }>(PUBLIC_TABLES);
    const probe = tables
      .map(({ name }) => `select ${pg.escapeLiteral(name)} as name where exists (select 1 from ${name})`)
      .join(' union all ');
    const { rows: filled } = await client.query<{ name: string }>(probe);
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    for (const { name } of filled) await client.query(`delete from ${name}`);
    for (const [table, json] of pristine.rows) {
      await client.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [
        json,
      ]);
    }
    await client.query('commit');
    return true;
  });
}

/**
 * PGlite databases of this worker that a file closed, emptied back to the dump (docs/decisions/063-test-speed.md):
 * booting PGlite from the dump costs 1.5–3 s, emptying one a few milliseconds. Test files of the server share a
 * worker's modules (`isolate: false`), so the pool lives as long as the worker.
 */
const idlePglite: Database[] = [];
/** The rows the migrations wrote (the default mail rules), as JSON per table, to put back after emptying. */
let pristineRows: Promise<Map<string, string>> | undefined;

async function takePglite(): Promise<Database> {
  const database = idlePglite.pop() ?? (await bootPglite());
  let closed = false;
  return {
    ...database,
    close: async () => {
      if (closed) return;
      closed = true;
      if (database.pglite!.closed) return;
      await emptyPglite(database);
      idlePglite.push(database);
    },
  };
}

async function bootPglite(): Promise<Database> {
  // global-setup.ts migrated one PGlite database and dumped it; loading that dump is ~10× faster.
  const dump = pgliteTemplatePath();
  const database = await openDatabase({
    memory: true,
    from: dump ? new Blob([readFileSync(dump)]) : undefined,
  });
  await database.migrate(); // a no-op on the dump; keeps a helper used without the global setup working
  pristineRows ??= readRows(database);
  await pristineRows;
  return database;
}

async function publicTables(database: Database): Promise<string[]> {
  const { rows } = await database.pglite!.query<{ name: string }>(
    "select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename",
  );
  return rows.map((row) => row.name);
}

async function readRows(database: Database): Promise<Map<string, string>> {
  const rows = new Map<string, string>();
  for (const table of await publicTables(database)) {
    const { rows: found } = await database.pglite!.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${table} t`,
    );
    if (found[0]?.json) rows.set(table, found[0].json);
  }
  return rows;
}

/**
 * Back to the dump's state: no transaction left open, no session state (listeners, advisory locks, settings,
 * prepared statements), every table empty but for the migrations' own rows, sequences from 1.
 */
async function emptyPglite(database: Database): Promise<void> {
  const pglite = database.pglite!;
  await pglite.exec('ROLLBACK').catch(() => undefined);
  await pglite.exec('DISCARD ALL');
  const tables = await publicTables(database);
  await pglite.exec(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`);
  for (const [table, json] of await pristineRows!) {
    await pglite.query(
      `insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`,
      [json],
    );
  }
}

// One template per set of migrations: a changed migration gives a new name, so a stale template is never used.
let templateReady: Promise<string> | undefined;

function ensureTemplate(serverUrl: string): Promise<string> {
  templateReady ??= buildTemplate(serverUrl).catch((error: unknown) => {
    templateReady = undefined;
    throw error;
  });
  return templateReady;
}

async function buildTemplate(serverUrl: string): Promise<string> {
  const template = `ticketshop_tpl_${migrationsHash()}`;
  await withAdmin(serverUrl, async (client) => {
    // Vitest runs test files in parallel workers (separate processes): one builds, the others wait here.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (exists.rowCount) return;
      // Migrate under a temporary name and rename at the end, so a crash never leaves a half-built template.
      const building = `${template}_building`;
      await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${building}"`);
      const database = await openDatabase({ databaseUrl: urlWithDatabase(serverUrl, building) });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
      await dropStaleTemplates(client, template);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
  return template;
}

/** Templates of earlier migration sets are left over after a schema change; drop those not in use. */
async function dropStaleTemplates(client: pg.Client, current: string) {
  const stale = await client.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 'ticketshop\\_tpl\\_%' AND datname NOT LIKE '%\\_building' AND datname <> $1",
    [current],
  );
  for (const { datname } of stale.rows) {
    await client.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
  }
}

async function createFromTemplate(client: pg.Client, name: string, template: string) {
  // CREATE DATABASE fails while another session is connected to the template; that is brief, so retry.
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (error) {
      const busy = error instanceof Error && /being accessed by other users/.test(error.message);
      if (!busy || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    if (!/\.(sql|json)$/.test(file)) continue;
    hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

function urlWithDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Events whose available_seats break the seat invariant (docs/product/booking-and-seats.md#seat-invariant):
 * available = total − seats held by pending and confirmed bookings. Tests that book, expire or cancel assert
 * that this returns [].
 */
export async function seatInvariantViolations(db: Db) {
  const rows = await db
    .select({
      slug: events.slug,
      totalSeats: events.totalSeats,
      availableSeats: events.availableSeats,
      heldSeats: sql<number>`coalesce(sum(${bookings.seats}) filter (where ${bookings.status} in ('pending', 'confirmed')), 0)::int`,
      // open waiting-list offers hold seats too (docs/product/waiting-list.md#seat-invariant-offers)
      offeredSeats: sql<number>`(SELECT coalesce(sum(w.seats), 0)::int FROM waitlist_entries w
        WHERE w.event_id = ${events.id} AND w.status = 'offered')`,
    })
    .from(events)
    .leftJoin(bookings, eq(bookings.eventId, events.id))
    .groupBy(events.id);
  return rows.filter(
    (row) => row.availableSeats !== row.totalSeats - Number(row.heldSeats) - Number(row.offeredSeats),
  );
}

/** This run's id from the global setup (it drops the run's databases at the end), else this process's. */
function runId(): string {
  try {
    return inject('testRunId') || String(process.pid);
  } catch {
    return String(process.pid);
  }
}

function pgliteTemplatePath(): string | undefined {
  try {
    return inject('pgliteTemplate') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Categories holding more persons than their own capacity (docs/product/ticket-categories.md#seats): active
 * tickets plus pending bookings' lines. Tests that book categories assert that this returns [].
 */
export async function categoryInvariantViolations(db: Db) {
  const result = await db.execute<{ name: string; capacity: number; taken: number }>(sql`
    SELECT c.name, c.capacity,
      (SELECT coalesce(sum(t.seats), 0) FROM tickets t WHERE t.category_id = c.id AND t.status = 'active')::int
      + (SELECT coalesce(sum(i.quantity * i.seats_per_ticket), 0) FROM booking_items i
         JOIN bookings b ON b.id = i.booking_id WHERE i.category_id = c.id AND b.status = 'pending')::int AS taken
    FROM ticket_categories c WHERE c.capacity IS NOT NULL`);
  return result.rows.filter((row) => Number(row.taken) > Number(row.capacity));
}
