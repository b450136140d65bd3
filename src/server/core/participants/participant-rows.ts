import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { orderAnswers, ticketAnswers, toAnswerLine } from '@shared/answer-lists';
import { ticketCode } from '@shared/booking';
import type { EventSales, Participant, ParticipantCounts, ParticipantState } from '@shared/participants';
import type { DbOrTx, Event } from '../../db/types';
import { bookings, payments, profiles, refunds, tickets } from '../../db/schema';

// The rows of the participant list and the door (docs/product/organizer-day.md#participants): one per ticket,
// with the buyer's contact data and who checked it in.

const buyer = alias(profiles, 'buyer');
const checker = alias(profiles, 'checker');

const personName = (person: {
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  email: string | null;
}) =>
  person.fullName?.trim() ||
  [person.firstName, person.lastName].filter(Boolean).join(' ').trim() ||
  person.displayName?.trim() ||
  person.email ||
  '';

const participantSelection = {
  ticket: {
    id: tickets.id,
    eventId: tickets.eventId,
    ticketNumber: tickets.ticketNumber,
    status: tickets.status,
    seats: tickets.seats,
    priceCents: tickets.priceCents,
    checkedInAt: tickets.checkedInAt,
    holderName: tickets.holderName,
    position: tickets.position,
    categoryName: tickets.categoryName,
  },
  booking: {
    orderNumber: bookings.orderNumber,
    answers: bookings.answers,
    holderName: bookings.holderName,
    createdAt: bookings.createdAt,
  },
  buyerFullName: buyer.fullName,
  buyerFirstName: buyer.firstName,
  buyerLastName: buyer.lastName,
  buyerDisplayName: buyer.displayName,
  buyerEmail: buyer.email,
  buyerPhone: buyer.phone,
  checkerFullName: checker.fullName,
  checkerDisplayName: checker.displayName,
  checkerEmail: checker.email,
};

/** The participants matching `where` (tickets columns), by name on the ticket. */
export async function participantRows(db: DbOrTx, where: SQL | undefined): Promise<Participant[]> {
  const rows = await db
    .select(participantSelection)
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .leftJoin(buyer, eq(buyer.id, bookings.profileId))
    .leftJoin(checker, eq(checker.id, tickets.checkedInBy))
    .where(where)
    .orderBy(asc(tickets.ticketNumber));
  const participants = rows.map((row): Participant => {
    const buyerName = personName({
      fullName: row.buyerFullName,
      firstName: row.buyerFirstName,
      lastName: row.buyerLastName,
      displayName: row.buyerDisplayName,
      email: null,
    });
    const cancelled = row.ticket.status !== 'active';
    const state: ParticipantState = cancelled
      ? 'cancelled'
      : row.ticket.checkedInAt
        ? 'checked-in'
        : 'active';
    const checkedInBy = row.ticket.checkedInAt
      ? row.checkerDisplayName?.trim() || row.checkerFullName?.trim() || row.checkerEmail || null
      : null;
    return {
      ticketId: row.ticket.id,
      code: ticketCode(row.ticket.ticketNumber),
      ticketNumber: row.ticket.ticketNumber,
      // a substitute's name first (docs/product/tickets-and-refunds.md#ticket-transfer)
      holderName: row.ticket.holderName?.trim() || row.booking.holderName?.trim() || buyerName,
      buyerName,
      email: row.buyerEmail ?? '',
      phone: row.buyerPhone,
      orderNumber: row.booking.orderNumber,
      priceCents: row.ticket.priceCents,
      seats: row.ticket.seats,
      state,
      checkedInAt: row.ticket.checkedInAt?.toISOString() ?? null,
      checkedInBy,
      bookedAt: row.booking.createdAt.toISOString(),
      categoryName: row.ticket.categoryName,
      // the order's answers on each of its tickets, the persons' at theirs (docs/product/ticket-categories.md#answers)
      answers: [
        ...orderAnswers(row.booking.answers ?? []),
        ...ticketAnswers(row.booking.answers ?? [], row.ticket.position),
      ].map(toAnswerLine),
    };
  });
  return participants.sort(
    (a, b) => a.holderName.localeCompare(b.holderName, 'de') || a.ticketNumber.localeCompare(b.ticketNumber),
  );
}

export async function participantOf(db: DbOrTx, ticketId: string): Promise<Participant | undefined> {
  return (await participantRows(db, eq(tickets.id, ticketId)))[0];
}

/** The counts of several events at once (docs/product/organizer-day.md#participants). */
export async function countsOfEvents(
  db: DbOrTx,
  events: { id: string; totalSeats: number }[],
): Promise<Map<string, ParticipantCounts>> {
  const ids = events.map((event) => event.id);
  const result = new Map<string, ParticipantCounts>(
    events.map((event) => [
      event.id,
      { soldSeats: 0, totalSeats: event.totalSeats, checkedIn: 0, active: 0, cancelled: 0, openPayments: 0 },
    ]),
  );
  if (ids.length === 0) return result;
  const ticketCounts = await db
    .select({
      eventId: tickets.eventId,
      soldSeats: sql<number>`coalesce(sum(${tickets.seats}) filter (where ${tickets.status} = 'active'), 0)::int`,
      checkedIn: sql<number>`(count(*) filter (where ${tickets.status} = 'active' and ${tickets.checkedInAt} is not null))::int`,
      active: sql<number>`(count(*) filter (where ${tickets.status} = 'active' and ${tickets.checkedInAt} is null))::int`,
      cancelled: sql<number>`(count(*) filter (where ${tickets.status} <> 'active'))::int`,
    })
    .from(tickets)
    .where(inArray(tickets.eventId, ids))
    .groupBy(tickets.eventId);
  for (const row of ticketCounts) {
    const counts = result.get(row.eventId)!;
    Object.assign(counts, {
      soldSeats: Number(row.soldSeats),
      checkedIn: Number(row.checkedIn),
      active: Number(row.active),
      cancelled: Number(row.cancelled),
    });
  }
  const pending = await db
    .select({ eventId: bookings.eventId, count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(inArray(bookings.eventId, ids), eq(bookings.status, 'pending')))
    .groupBy(bookings.eventId);
  for (const row of pending) result.get(row.eventId)!.openPayments = Number(row.count);
  return result;
}

/**
 * Sales of one event: gross = what was paid for its bookings (succeeded payments), refunded = refunds that
 * succeeded or are on their way, net = the difference (docs/product/organizer-day.md#participants).
 */
export async function salesOfEvent(db: DbOrTx, eventId: string, currency: string): Promise<EventSales> {
  const [paid] = await db
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(bookings.eventId, eventId), eq(payments.status, 'succeeded')));
  const [refunded] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(and(eq(bookings.eventId, eventId), inArray(refunds.status, ['succeeded', 'pending'])));
  const grossCents = Number(paid?.cents ?? 0);
  const refundedCents = Number(refunded?.cents ?? 0);
  return { currency, grossCents, refundedCents, netCents: grossCents - refundedCents };
}

/** An event as the organizer area heads it: in the list of events and above its participants. */
export const organizerEventHead = (event: Event) => ({
  id: event.id,
  title: event.title,
  slug: event.slug,
  startTime: event.startTime.toISOString(),
  endTime: event.endTime.toISOString(),
  timeZone: event.timezone,
  location: event.location || null,
});
