import { randomBytes, randomInt } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx, Ticket } from '../../db/types';
import { ticketPrices } from '@shared/ticket-categories';
import { bookings, tickets } from '../../db/schema';
import { bookingLines } from '../ticket-categories/booking-lines';
import { enqueueBookingPaid } from '../webhooks/webhook-data';

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
 * Issues one ticket per unit of a booking, line by line (positions 1..quantity in the lines' order), each with
 * its category, its seats (2 for a per-pair category) and what was paid for it: the line's unit price less its
 * share of the discount (docs/product/ticket-categories.md#discount-lines). Idempotent: UNIQUE (booking_id,
 * position) with ON CONFLICT DO NOTHING means a second call (a replayed webhook, a retry) adds nothing. Call it
 * in the transaction that confirms the booking. Returns the booking's tickets, by position.
 */
export async function issueTickets(db: DbOrTx, bookingId: string, now = new Date()): Promise<Ticket[]> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking) throw new Error(`booking ${bookingId} not found`);
  const lines = await bookingLines(db, booking);
  let position = 0;
  const rows = lines.flatMap((line) =>
    ticketPrices(line).map((priceCents) => ({
      bookingId: booking.id,
      eventId: booking.eventId,
      profileId: booking.profileId,
      position: ++position,
      ticketNumber: newTicketNumber(now),
      seats: line.seatsPerTicket,
      priceCents,
      categoryId: line.categoryId,
      categoryName: line.name,
      isTest: booking.isTest,
      createdAt: now,
    })),
  );
  if (rows.length > 0) {
    const inserted = await db
      .insert(tickets)
      .values(rows)
      .onConflictDoNothing({ target: [tickets.bookingId, tickets.position] })
      .returning({ id: tickets.id });
    // the booking is paid (or free) and confirmed: once, with its first issue (docs/product/webhooks.md#event-types)
    if (inserted.length > 0) await enqueueBookingPaid(db, booking.id, now);
  }
  return db.select().from(tickets).where(eq(tickets.bookingId, booking.id)).orderBy(asc(tickets.position));
}
