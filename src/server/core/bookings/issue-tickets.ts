import { randomBytes, randomInt } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx, Ticket } from '../../db/types';
import { bookings, events, tickets } from '../../db/schema';

/**
 * Ticket number ending in 4 digits: the ticket code (docs/product/booking-and-seats.md#ticket-number) printed
 * and scanned as Code128.
 */
export function newTicketNumber(now = new Date()): string {
  const day = now.toISOString().slice(2, 10).replace(/-/g, '');
  const random = randomBytes(5).toString('hex').toUpperCase();
  return `WR-${day}-${random}-${String(randomInt(10_000)).padStart(4, '0')}`;
}

/**
 * Issues one ticket per unit of a booking (positions 1..quantity). Idempotent: UNIQUE (booking_id, position)
 * with ON CONFLICT DO NOTHING means a second call (a replayed webhook, a retry) adds nothing. Call it in
 * the transaction that confirms the booking. Returns the booking's tickets, by position.
 */
export async function issueTickets(db: DbOrTx, bookingId: string, now = new Date()): Promise<Ticket[]> {
  const [row] = await db
    .select({ booking: bookings, priceUnit: events.priceUnit })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row) throw new Error(`booking ${bookingId} not found`);
  const { booking, priceUnit } = row;
  await db
    .insert(tickets)
    .values(
      Array.from({ length: booking.quantity }, (_, index) => ({
        bookingId: booking.id,
        eventId: booking.eventId,
        profileId: booking.profileId,
        position: index + 1,
        ticketNumber: newTicketNumber(now),
        seats: priceUnit === 'per_pair' ? 2 : 1,
        priceCents: booking.unitPriceCents,
        isTest: booking.isTest,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: [tickets.bookingId, tickets.position] });
  return db.select().from(tickets).where(eq(tickets.bookingId, booking.id)).orderBy(asc(tickets.position));
}
