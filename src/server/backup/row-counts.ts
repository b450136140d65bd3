import { BackupError } from './backup-error';

/** What a backup's manifest counts, and a restore checks again (docs/decisions/030-backups.md). */
export interface RowCounts {
  events: number;
  bookings: number;
  tickets: number;
  users: number;
}

export const ROW_COUNTS_SQL = `SELECT
  (SELECT count(*) FROM events)::int AS events,
  (SELECT count(*) FROM bookings)::int AS bookings,
  (SELECT count(*) FROM tickets)::int AS tickets,
  (SELECT count(*) FROM "user")::int AS users`;

/** Runs ROW_COUNTS_SQL on anything with a pg-style `query` (a PGlite instance, a node-postgres client). */
export async function countRows(client: {
  query(sql: string): Promise<{ rows: unknown[] }>;
}): Promise<RowCounts> {
  let row: RowCounts;
  try {
    row = (await client.query(ROW_COUNTS_SQL)).rows[0] as RowCounts;
  } catch (error) {
    // undefined_table: a database the app never migrated
    if ((error as { code?: string }).code !== '42P01') throw error;
    throw new BackupError(
      'Die Datenbank enthält die Tabellen der App nicht (noch nie mit dem Server gestartet, oder die falsche Datenbank?).',
    );
  }
  return { events: row.events, bookings: row.bookings, tickets: row.tickets, users: row.users };
}

export const sameCounts = (a: RowCounts, b: RowCounts) =>
  a.events === b.events && a.bookings === b.bookings && a.tickets === b.tickets && a.users === b.users;

export const describeCounts = (c: RowCounts) =>
  `${c.events} Veranstaltungen, ${c.bookings} Buchungen, ${c.tickets} Tickets, ${c.users} Konten`;
