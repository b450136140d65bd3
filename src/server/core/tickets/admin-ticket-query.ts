import { and, eq, gt, inArray, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AdminTicketQuery } from '@shared/admin-tickets';
import { normalizeOrderNumber } from '@shared/order-number';
import type { DbOrTx } from '../../db/types';
import { likePattern } from '../../db/like-pattern';
import { bookings, events, profiles, tickets } from '../../db/schema';

// The filters of 'Tickets verwalten' (docs/product/admin.md#tickets-screen), shared by the list and
// the CSV export so both always show the same tickets.

/** What the list and the CSV export show of a ticket: one selection for both. */
const adminTicketFields = {
  id: tickets.id,
  eventId: tickets.eventId,
  bookingId: tickets.bookingId,
  orderNumber: bookings.orderNumber,
  ticketNumber: tickets.ticketNumber,
  status: tickets.status,
  isTest: tickets.isTest,
  cancellationRequested: tickets.cancellationRequested,
  createdAt: tickets.createdAt,
  // the exact stored time as text for the export's keyset: a JS Date would cut microseconds and skip rows
  cursorTime: sql<string>`${tickets.createdAt}::text`.as('cursor_time'),
  profileId: tickets.profileId,
  priceCents: tickets.priceCents,
  categoryName: tickets.categoryName,
  currency: bookings.currency,
  // a substitute's name first (docs/product/tickets-and-refunds.md#ticket-transfer)
  holderName: sql<
    string | null
  >`coalesce(${tickets.holderName}, ${bookings.holderName}, ${profiles.fullName})`.as('holder_name'),
  /** The substitute's address (lower-case); null while the buyer holds the ticket. */
  holderEmail: tickets.holderEmail,
  checkedInAt: tickets.checkedInAt,
  profileName: sql<string | null>`coalesce(${profiles.fullName}, ${profiles.displayName})`.as('profile_name'),
  buyerEmail: profiles.email,
  eventTitle: events.title,
  eventStart: events.startTime,
  eventTimezone: events.timezone,
};

/**
 * The tickets matching `where`, unsorted: the one place of the joins tickets ⋈ events ⋈ bookings ⟕ profiles
 * that adminTicketWhere filters over. The list and the export sort them with adminTicketOrder.
 */
export const adminTicketRows = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select(adminTicketFields)
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .leftJoin(profiles, eq(profiles.id, tickets.profileId))
    .where(where);

export type AdminTicketDbRow = Awaited<ReturnType<typeof adminTicketRows>>[number];

/**
 * The WHERE of a ticket query over the joins of adminTicketRows.
 * Status: 'active' = not cancelled and the event still ahead, 'past' = not cancelled and started, 'cancelled'
 * = canceled or revoked; so the three never overlap (docs/product/tickets-and-refunds.md#ticket-filter).
 */
export function adminTicketWhere(query: AdminTicketQuery, now: Date): SQL | undefined {
  const filters: SQL[] = [];
  if (query.ids.length > 0) filters.push(inArray(tickets.id, query.ids));
  if (query.event.length > 0) filters.push(inArray(tickets.eventId, query.event));
  if (query.user.length > 0) filters.push(inArray(tickets.profileId, query.user));
  if (query.hideTest) filters.push(eq(tickets.isTest, false));
  if (query.onlyCancellationRequests) filters.push(eq(tickets.cancellationRequested, true));
  if (query.status === 'cancelled') filters.push(inArray(tickets.status, ['canceled', 'revoked']));
  if (query.status === 'active') filters.push(eq(tickets.status, 'active'), gt(events.startTime, now));
  if (query.status === 'past') filters.push(eq(tickets.status, 'active'), lte(events.startTime, now));
  if (query.search) {
    // ticket number (and so its code), order number, the holder's name, the buyer's name and e-mail.
    // lower() … LIKE on both sides: the same case folding for column and input, and about twice as fast as
    // ILIKE here. An order number typed with spaces or without its prefix is found as well.
    const pattern = likePattern(query.search);
    const matches = (column: SQLWrapper) => sql`lower(${column}) like lower(${pattern})`;
    const orderNumber = normalizeOrderNumber(query.search);
    filters.push(
      or(
        orderNumber ? eq(bookings.orderNumber, orderNumber) : undefined,
        matches(bookings.orderNumber),
        matches(tickets.ticketNumber),
        matches(bookings.holderName),
        matches(tickets.holderName),
        matches(tickets.holderEmail),
        matches(profiles.fullName),
        matches(profiles.email),
      )!,
    );
  }
  return filters.length > 0 ? and(...filters) : undefined;
}

/** Newest first (created_at descending); the id breaks ties within one booking. */
export const adminTicketOrder = [sql`${tickets.createdAt} desc`, sql`${tickets.id} desc`];
