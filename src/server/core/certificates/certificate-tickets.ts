import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { ticketCode } from '@shared/booking';
import type { DbOrTx } from '../../db/types';
import { bookings, events, profiles, tickets } from '../../db/schema';

/** A ticket as certificates need it: its state and the name it carries now. */
export interface CertificateTicket {
  ticketId: string;
  eventId: string;
  code: string;
  status: 'active' | 'cancelled';
  checkedIn: boolean;
  holderName: string;
}

/**
 * The tickets of an event (or the given ones) with the name each carries: the substitute's where it was
 * transferred, else the name the booking was made under, else the buyer's profile name.
 */
export async function certificateTickets(
  db: DbOrTx,
  input: { eventId?: string; ticketIds?: string[] },
): Promise<CertificateTicket[]> {
  if (input.ticketIds && input.ticketIds.length === 0) return [];
  const rows = await db
    .select({
      ticketId: tickets.id,
      eventId: tickets.eventId,
      ticketNumber: tickets.ticketNumber,
      status: tickets.status,
      checkedInAt: tickets.checkedInAt,
      ticketHolder: tickets.holderName,
      bookingHolder: bookings.holderName,
      profileName: profiles.fullName,
    })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .leftJoin(profiles, eq(profiles.id, bookings.profileId))
    .where(
      and(
        input.eventId ? eq(tickets.eventId, input.eventId) : undefined,
        input.ticketIds ? inArray(tickets.id, input.ticketIds) : undefined,
      ),
    )
    .orderBy(asc(tickets.createdAt), asc(tickets.position));
  return rows.map((row) => ({
    ticketId: row.ticketId,
    eventId: row.eventId,
    code: ticketCode(row.ticketNumber),
    status: row.status === 'active' ? 'active' : 'cancelled',
    checkedIn: row.checkedInAt !== null,
    holderName: (row.ticketHolder ?? row.bookingHolder ?? row.profileName ?? '').trim(),
  }));
}

/**
 * Whether nobody of the event was checked in at the door (docs/product/certificates.md#who): then the event
 * counts as one without door check-in, and every active ticket as present.
 */
export async function hasNoCheckIn(db: DbOrTx, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), eq(tickets.status, 'active'), isNotNull(tickets.checkedInAt)))
    .limit(1);
  return !row;
}

/** Who gets a certificate without being named: active tickets that were checked in, or all, see hasNoCheckIn. */
export const isEligible = (ticket: CertificateTicket, withoutCheckIn: boolean) =>
  ticket.status === 'active' && (ticket.checkedIn || withoutCheckIn);

/** The event as a certificate names it. */
export async function certificateEvent(db: DbOrTx, eventId: string) {
  const [event] = await db
    .select({
      id: events.id,
      title: events.title,
      startTime: events.startTime,
      endTime: events.endTime,
      timezone: events.timezone,
      mode: events.mode,
      venue: events.venue,
      location: events.location,
    })
    .from(events)
    .where(eq(events.id, eventId));
  return event ?? null;
}
