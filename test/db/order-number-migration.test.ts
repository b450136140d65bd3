import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { ORDER_NUMBER_PATTERN } from '@shared/order-number';
import { migrationsFolder } from '@server/db/client';

// docs/decisions/020-order-numbers.md: the migration that adds bookings.order_number gives every existing
// booking a distinct number, on PGlite as on PostgreSQL (the same SQL runs on both).

const MIGRATION = '0006_order_numbers';
const dir = mkdtempSync(path.join(tmpdir(), 'order-number-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migrations folder as it was before order numbers: the same files, the journal cut before ours. */
function migrationsBefore(tag: string): string {
  const folder = path.join(dir, 'before');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at, `${tag} in the journal`).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** One database at the schema before order numbers, the way each driver runs SQL and migrations. */
interface Subject {
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function pgliteSubject(): Promise<Subject> {
  const client = new PGlite();
  const db = drizzlePglite(client);
  return {
    exec: async (sql) => void (await client.exec(sql)),
    query: async <Row>(sql: string, params?: unknown[]) => (await client.query<Row>(sql, params)).rows,
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** A fresh PostgreSQL database when TEST_DATABASE_URL is set (CI), dropped afterwards. */
async function postgresSubject(serverUrl: string): Promise<Subject> {
  const name = `order_number_migration_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const db = drizzlePg(client);
  return {
    exec: async (sql) => void (await client.query(sql)),
    query: async <Row>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as Row[],
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

const subjects: [string, () => Promise<Subject>][] = [['PGlite', pgliteSubject]];
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) subjects.push(['PostgreSQL', () => postgresSubject(serverUrl)]);

it.each(subjects)(
  'backfills a distinct, well-formed order number into every existing booking, then requires one (%s)',
  async (_name, open) => {
    const subject = await open();
    try {
      await subject.migrate(migrationsBefore(MIGRATION));
      await subject.exec(`
        INSERT INTO events (slug, title, start_time, end_time, total_seats, available_seats, price_cents, status)
        VALUES ('vorher', 'Vorher', now() + interval '7 days', now() + interval '8 days', 5000, 2000, 0, 'published');
        INSERT INTO bookings (event_id, quantity, seats, unit_price_cents, total_amount_cents, status)
        SELECT id, 1, 1, 0, 0, 'confirmed' FROM events, generate_series(1, 3000);`);

      await subject.migrate(migrationsFolder);

      const rows = await subject.query<{ order_number: string }>('SELECT order_number FROM bookings');
      expect(rows).toHaveLength(3000);
      const numbers = rows.map((row) => row.order_number);
      expect(numbers.filter((number) => !ORDER_NUMBER_PATTERN.test(number))).toEqual([]);
      expect(new Set(numbers).size).toBe(3000);

      // from now on the database insists: a number is required and taken only once
      const insert = (orderNumber: string | null) =>
        subject.query(
          `INSERT INTO bookings (event_id, quantity, seats, unit_price_cents, total_amount_cents, order_number)
           SELECT id, 1, 1, 0, 0, $1 FROM events`,
          [orderNumber],
        );
      await expect(insert(null)).rejects.toThrow(/null value in column "order_number"/);
      await expect(insert(numbers[0]!)).rejects.toThrow(/bookings_order_number_unique/);
    } finally {
      await subject.close();
    }
  },
);
