import { and, sql, type SQL } from 'drizzle-orm';
import { ADMIN_TICKET_CSV_COLUMNS, type AdminTicketQuery } from '@shared/admin-tickets';
import type { DbOrTx } from '../../db/types';
import { tickets } from '../../db/schema';
import {
  adminTicketOrder,
  adminTicketRows,
  adminTicketWhere,
  type AdminTicketDbRow,
} from './admin-ticket-query';
import { CSV_BOM, csvLine } from '../csv/csv-cells';
import { paymentMethodNames } from '../bookings/booking-payment-method';

// The CSV export (docs/product/admin.md#csv-export), written with the cells of csv/csv-cells.ts.
/** Rows per query: keyset pages keep memory flat however many tickets there are. */
export const CSV_BATCH_ROWS = 1000;

const csvRows = (db: DbOrTx, where: SQL | undefined) =>
  adminTicketRows(db, where).orderBy(...adminTicketOrder);

/** 'Greta Gans <greta@example.org>', or whichever of the two there is. */
function profileLabel(row: AdminTicketDbRow): string {
  if (row.profileName && row.buyerEmail) return `${row.profileName} <${row.buyerEmail}>`;
  return row.profileName ?? row.buyerEmail ?? '';
}

const rowLine = (row: AdminTicketDbRow, methods: Map<string, string>) =>
  csvLine([
    row.id,
    row.eventId,
    row.eventTitle,
    profileLabel(row),
    row.status,
    row.createdAt.toISOString(),
    row.profileId,
    row.orderNumber,
    methods.get(row.bookingId) ?? '',
    // a name the admin typed: csvCell keeps it from running as a formula
    row.categoryName,
  ]);

/** The rows of one batch as CSV lines, with each booking's payment method asked once for the batch. */
async function batchLines(db: DbOrTx, rows: AdminTicketDbRow[]): Promise<string> {
  const methods = await paymentMethodNames(
    db,
    rows.map((row) => row.bookingId),
  );
  return rows.map((row) => rowLine(row, methods)).join('');
}

/**
 * The tickets of the list's filters as CSV text, in chunks of up to CSV_BATCH_ROWS rows: one page
 * (pageSize > 0) or all of them (pageSize 0 or a selection by ids), newest first. Each chunk is its own
 * keyset query (created_at, id) < the last row's, so no transaction stays open while a slow client reads.
 */
export async function* adminTicketsCsv(
  db: DbOrTx,
  query: AdminTicketQuery,
  now = new Date(),
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine([...ADMIN_TICKET_CSV_COLUMNS]);
  const where = adminTicketWhere(query, now);
  if (query.pageSize > 0 && query.ids.length === 0) {
    const rows = await csvRows(db, where)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    if (rows.length > 0) yield await batchLines(db, rows);
    return;
  }
  let after: AdminTicketDbRow | undefined;
  for (;;) {
    const keyset = after
      ? sql`(${tickets.createdAt}, ${tickets.id}) < (${after.cursorTime}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const rows = await csvRows(db, and(where, keyset)).limit(CSV_BATCH_ROWS);
    if (rows.length > 0) yield await batchLines(db, rows);
    if (rows.length < CSV_BATCH_ROWS) return;
    after = rows[rows.length - 1];
  }
}
