import { and, count, inArray, max, sql } from 'drizzle-orm';
import {
  adminTicketCode,
  type AdminTicketGroup,
  type AdminTicketPage,
  type AdminTicketQuery,
  type AdminTicketRow,
} from '@shared/admin-tickets';
import type { DbOrTx } from '../../db/types';
import { refunds, ticketTransfers } from '../../db/schema';
import { paymentMethodNames } from '../bookings/booking-payment-method';
import { paymentReturns } from '../bookings/returned-payments';
import {
  adminTicketOrder,
  adminTicketRows,
  adminTicketWhere,
  type AdminTicketDbRow,
} from './admin-ticket-query';

/**
 * 'Tickets verwalten' (docs/product/admin.md#tickets-screen): newest first with an exact count, one page (or
 * all with pageSize 0), grouped per event in the order the events first appear on the page. Each group also
 * says how many of its tickets match on all pages.
 */
export async function listAdminTickets(
  db: DbOrTx,
  query: AdminTicketQuery,
  now = new Date(),
): Promise<AdminTicketPage> {
  const where = adminTicketWhere(query, now);
  const page = query.pageSize === 0 ? 1 : query.page;
  const rowsQuery = adminTicketRows(db, where).orderBy(...adminTicketOrder);
  // one pass gives the exact total and each event's count (events are few next to tickets); Postgres folds
  // the subquery into the join, so it costs what the joins written out would
  const matching = adminTicketRows(db, where).as('matching');
  const [rows, counts] = await Promise.all([
    query.pageSize === 0 ? rowsQuery : rowsQuery.limit(query.pageSize).offset((page - 1) * query.pageSize),
    db.select({ eventId: matching.eventId, count: count() }).from(matching).groupBy(matching.eventId),
  ]);
  const countOf = new Map(counts.map((row) => [row.eventId, Number(row.count)]));
  const [refunded, transferred, methods, returns] = await Promise.all([
    refundedByTicket(db, rows),
    lastTransferByTicket(db, rows),
    paymentMethodNames(
      db,
      rows.map((row) => row.bookingId),
    ),
    paymentReturns(
      db,
      rows.map((row) => row.bookingId),
    ),
  ]);
  const total = counts.reduce((sum, row) => sum + Number(row.count), 0);

  const groups = new Map<string, AdminTicketGroup>();
  for (const row of rows) {
    const group = groups.get(row.eventId) ?? {
      event: {
        id: row.eventId,
        title: row.eventTitle,
        startTime: row.eventStart.toISOString(),
        timezone: row.eventTimezone,
      },
      count: countOf.get(row.eventId) ?? 0,
      tickets: [],
    };
    groups.set(row.eventId, group);
    group.tickets.push({
      ...toRow(row, refunded.get(row.id) ?? 0, transferred.get(row.id) ?? null, now),
      paymentMethod: methods.get(row.bookingId) ?? null,
      ...(returns.has(row.bookingId) ? { paymentReturn: returns.get(row.bookingId) } : {}),
    });
  }
  return { total, page, pageSize: query.pageSize, groups: [...groups.values()] };
}

function toRow(
  row: AdminTicketDbRow,
  refundedCents: number,
  transferredAt: Date | null,
  now: Date,
): Omit<AdminTicketRow, 'paymentMethod' | 'paymentReturn'> {
  return {
    id: row.id,
    eventId: row.eventId,
    bookingId: row.bookingId,
    orderNumber: row.orderNumber,
    ticketNumber: row.ticketNumber,
    code: adminTicketCode(row.ticketNumber),
    status: row.status,
    isTest: row.isTest,
    cancellationRequested: row.cancellationRequested,
    past: row.status === 'active' && row.eventStart.getTime() <= now.getTime(),
    createdAt: row.createdAt.toISOString(),
    holderName: row.holderName,
    holderEmail: row.holderEmail,
    transferredAt: transferredAt?.toISOString() ?? null,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    buyerEmail: row.buyerEmail,
    profileId: row.profileId,
    priceCents: row.priceCents,
    currency: row.currency,
    categoryName: row.categoryName,
    refundedCents,
  };
}

/**
 * Refunds owed or paid per ticket of the page, asked after paging: as a column of the page query it ran
 * for every matching row before the sort. Arrays go as one parameter each, so 'all' stays one query.
 */
async function refundedByTicket(db: DbOrTx, rows: AdminTicketDbRow[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const bookingIds = [...new Set(rows.map((row) => row.bookingId))];
  const sums = await db
    .select({ ticketId: refunds.ticketId, cents: sql<number>`sum(${refunds.amountCents})::int` })
    .from(refunds)
    .where(
      and(
        sql`${refunds.bookingId} = any(${sql.param(bookingIds)}::uuid[])`,
        sql`${refunds.ticketId} = any(${sql.param(rows.map((row) => row.id))}::uuid[])`,
        inArray(refunds.status, ['pending', 'succeeded']),
      ),
    )
    .groupBy(refunds.ticketId);
  return new Map(sums.map((sum) => [sum.ticketId!, Number(sum.cents)]));
}

/**
 * The latest transfer per ticket of the page (docs/product/tickets-and-refunds.md#ticket-transfer), asked after
 * paging as the refunds are; most tickets have none.
 */
async function lastTransferByTicket(db: DbOrTx, rows: AdminTicketDbRow[]): Promise<Map<string, Date>> {
  if (rows.length === 0) return new Map();
  const latest = await db
    .select({ ticketId: ticketTransfers.ticketId, at: max(ticketTransfers.at) })
    .from(ticketTransfers)
    .where(sql`${ticketTransfers.ticketId} = any(${sql.param(rows.map((row) => row.id))}::uuid[])`)
    .groupBy(ticketTransfers.ticketId);
  return new Map(latest.flatMap((entry) => (entry.at ? [[entry.ticketId, entry.at] as const] : [])));
}
