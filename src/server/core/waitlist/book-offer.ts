import { and, eq, sql } from 'drizzle-orm';
import { BOOKING_MESSAGES } from '@shared/booking';
import { isBookable } from '@shared/event-rules';
import { WAITLIST_MESSAGES } from '@shared/waitlist';
import type { Tx } from '../../db/types';
import { events, waitlistEntries } from '../../db/schema';
import { AppError } from '../app-error';
import { pricedEventColumns, type PricedEvent } from '../events/event-columns';

/**
 * The checkout of an offer (docs/product/waiting-list.md#offer-checkout): with the event's row locked first and
 * then the entry (docs/product/waiting-list.md#waitlist-concurrency), checks that the offer is the buyer's, still
 * open and for exactly this one ticket, and answers the event to price the booking with. The seats need not be
 * taken: the offer holds them already, and the booking's hold or sale takes them over in the same transaction
 * (available_seats does not change, docs/product/waiting-list.md#seat-invariant-offers).
 */
export async function takeOfferedSeats(
  tx: Tx,
  options: { entryId: string; userId: string; eventId: string; quantity: number; seats: number; now: Date },
): Promise<PricedEvent> {
  const { entryId, userId, eventId, quantity, seats, now } = options;
  const [event] = await tx
    .select({ ...pricedEventColumns, status: events.status, hidden: events.hidden })
    .from(events)
    .where(eq(events.id, eventId))
    .for('update');
  if (!event || !isBookable({ ...event, startTime: event.startTime.toISOString() }, now)) {
    throw new AppError('not_found', BOOKING_MESSAGES.eventNotFound);
  }
  const [entry] = await tx
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.id, entryId),
        eq(waitlistEntries.eventId, eventId),
        eq(waitlistEntries.profileId, userId),
      ),
    )
    .for('update');
  const open = entry?.status === 'offered' && entry.offerExpiresAt !== null && entry.offerExpiresAt > now;
  if (!entry || !open) throw new AppError('conflict', WAITLIST_MESSAGES.offerGone);
  if (quantity !== entry.quantity) {
    throw new AppError('validation_failed', WAITLIST_MESSAGES.offerOneTicket, [
      { path: 'quantity', message: WAITLIST_MESSAGES.offerOneTicket },
    ]);
  }
  // The buyer chose a category of another unit than the offer counted with (per person or per pair), or the
  // event switched since the offer: settle the difference in seats.
  const difference = seats - entry.seats;
  if (difference !== 0) {
    const [changed] = await tx
      .update(events)
      .set({ availableSeats: sql`${events.availableSeats} - ${difference}::int` })
      .where(and(eq(events.id, eventId), sql`${events.availableSeats} >= ${difference}::int`))
      .returning({ id: events.id });
    if (!changed) throw new AppError('conflict', BOOKING_MESSAGES.soldOut);
  }
  return event;
}

/** The offer became the booking: its seats are the booking's now. */
export async function markOfferBooked(tx: Tx, entryId: string, bookingId: string, now: Date): Promise<void> {
  await tx
    .update(waitlistEntries)
    .set({ status: 'booked', bookingId, endedAt: now, updatedAt: now })
    .where(eq(waitlistEntries.id, entryId));
}
