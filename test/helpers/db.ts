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
 * is set, a new PostgreSQL database cloned from a migrated template. Cloning takes a fraction of a second
 * where running every migration per file would not, and each file still starts from an empty schema.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return takePglite();
  const template = await ensureTemplate(serverUrl);
  const name = `ticketshop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(serverUrl, (client) => createFromTemplate(client, name, template));
  // DROP … WITH (FORCE) below may end a connection the pool is still closing: that is expected here, so the
  // pool reports lost connections to a silent logger.
  const database = await openDatabase({
    databaseUrl: urlWithDatabase(serverUrl, name),
    logger: createLogger('silent'),
    // Races start 150 bookings at once on a pool of 20: on a loaded machine the wait for a free connection
    // passes the app's 5 s (docs/decisions/063-test-speed.md). Tests of the timeouts set their own.
    timeouts: { connectMs: 60_000, statementMs: 30_000 },
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
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
