import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SeatFigures } from '@shared/seat-figures';
import type { DbOrTx } from '../../db/types';
import { bookings, waitlistEntries } from '../../db/schema';

/**
 * Sold, offered, held and free seats of several events at once (docs/product/admin.md#seat-figures), the one
 * source of the back office's seat numbers: sold = seats of confirmed bookings, held = of pending ones,
 * offered = of open waiting-list offers, free = the event's available seats. The seat invariant makes them add
 * up to the total (docs/product/waiting-list.md#seat-invariant-offers); two grouped queries, whatever the
 * number of events.
 */
export async function seatFiguresOf(
  db: DbOrTx,
  events: readonly { id: string; totalSeats: number; availableSeats: number }[],
): Promise<Map<string, SeatFigures>> {
  const figures = new Map<string, SeatFigures>(
    events.map((event) => [
      event.id,
      {
        totalSeats: event.totalSeats,
        soldSeats: 0,
        offeredSeats: 0,
        heldSeats: 0,
        freeSeats: event.availableSeats,
      },
    ]),
  );
  const ids = [...figures.keys()];
  if (ids.length === 0) return figures;
  // one after the other: `db` may be a transaction, whose one connection takes one query at a time
  const booked = await db
    .select({
      eventId: bookings.eventId,
      sold: sql<number>`coalesce(sum(${bookings.seats}) filter (where ${bookings.status} = 'confirmed'), 0)::int`,
      held: sql<number>`coalesce(sum(${bookings.seats}) filter (where ${bookings.status} = 'pending'), 0)::int`,
    })
    .from(bookings)
    .where(inArray(bookings.eventId, ids))
    .groupBy(bookings.eventId);
  const offered = await db
    .select({
      eventId: waitlistEntries.eventId,
      seats: sql<number>`coalesce(sum(${waitlistEntries.seats}), 0)::int`,
    })
    .from(waitlistEntries)
    .where(and(inArray(waitlistEntries.eventId, ids), eq(waitlistEntries.status, 'offered')))
    .groupBy(waitlistEntries.eventId);
  for (const row of booked) {
    const event = figures.get(row.eventId)!;
    event.soldSeats = Number(row.sold);
    event.heldSeats = Number(row.held);
  }
  for (const row of offered) figures.get(row.eventId)!.offeredSeats = Number(row.seats);
  return figures;
}

/** The figures of one event. */
export async function seatFiguresOfEvent(
  db: DbOrTx,
  event: { id: string; totalSeats: number; availableSeats: number },
): Promise<SeatFigures> {
  return (await seatFiguresOf(db, [event])).get(event.id)!;
}
