import { count, eq, sql, type SQL } from 'drizzle-orm';
import {
  adminTicketCode,
  type AdminTicketGroup,
  type AdminTicketPage,
  type AdminTicketQuery,
  type AdminTicketRow,
} from '@shared/admin-tickets';
import type { DbOrTx } from '../../db/factories';
import { bookings, events, profiles, tickets } from '../../db/schema';
import { adminTicketOrder, adminTicketWhere } from './admin-ticket-query';

const rowFields = {
  id: tickets.id,
  eventId: tickets.eventId,
  ticketNumber: tickets.ticketNumber,
  status: tickets.status,
  isTest: tickets.isTest,
  cancellationRequested: tickets.cancellationRequested,
  createdAt: tickets.createdAt,
  profileId: tickets.profileId,
  priceCents: tickets.priceCents,
  currency: bookings.currency,
  holderName: sql<string | null>`coalesce(${bookings.holderName}, ${profiles.fullName})`,
  buyerEmail: profiles.email,
  eventTitle: events.title,
  eventStart: events.startTime,
  eventTimezone: events.timezone,
  // refunds owed or paid for this ticket; booking_id first so refunds_booking_id_idx finds them
  refundedCents: sql<number>`(select coalesce(sum(r.amount_cents), 0)::int from refunds r
    where r.booking_id = ${tickets.bookingId} and r.ticket_id = ${tickets.id}
      and r.status in ('pending', 'succeeded'))`,
};

const ticketRows = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select(rowFields)
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .leftJoin(profiles, eq(profiles.id, tickets.profileId))
    .where(where)
    .orderBy(...adminTicketOrder);

/**
 * spec admin §2 'Tickets verwalten', §7 tickets table: newest first with an exact count, one page (or all
 * with pageSize 0), grouped per event in the order the events first appear on the page. Each group also
 * says how many of its tickets match on all pages.
 */
export async function listAdminTickets(
  db: DbOrTx,
  query: AdminTicketQuery,
  now = new Date(),
): Promise<AdminTicketPage> {
  const where = adminTicketWhere(query, now);
  const page = query.pageSize === 0 ? 1 : query.page;
  const rowsQuery = ticketRows(db, where);
  const [rows, counts] = await Promise.all([
    query.pageSize === 0 ? rowsQuery : rowsQuery.limit(query.pageSize).offset((page - 1) * query.pageSize),
    // one pass gives the exact total and each event's count (events are few next to tickets)
    db
      .select({ eventId: tickets.eventId, count: count() })
      .from(tickets)
      .innerJoin(events, eq(events.id, tickets.eventId))
      .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
      .leftJoin(profiles, eq(profiles.id, tickets.profileId))
      .where(where)
      .groupBy(tickets.eventId),
  ]);
  const countOf = new Map(counts.map((row) => [row.eventId, Number(row.count)]));
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
    group.tickets.push(toRow(row, now));
  }
  return { total, page, pageSize: query.pageSize, groups: [...groups.values()] };
}

type Row = Awaited<ReturnType<typeof ticketRows>>[number];

function toRow(row: Row, now: Date): AdminTicketRow {
  return {
    id: row.id,
    eventId: row.eventId,
    ticketNumber: row.ticketNumber,
    code: adminTicketCode(row.ticketNumber),
    status: row.status,
    isTest: row.isTest,
    cancellationRequested: row.cancellationRequested,
    past: row.status === 'active' && row.eventStart.getTime() <= now.getTime(),
    createdAt: row.createdAt.toISOString(),
    holderName: row.holderName,
    buyerEmail: row.buyerEmail,
    profileId: row.profileId,
    priceCents: row.priceCents,
    currency: row.currency,
    refundedCents: Number(row.refundedCents),
  };
}
