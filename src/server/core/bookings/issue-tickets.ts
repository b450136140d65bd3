import { randomBytes, randomInt } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Booking, DbOrTx, Ticket } from '../../db/types';

type BookingItem = typeof bookingItems.$inferSelect;
import { ticketPrices } from '@shared/ticket-categories';
import { bookingItems, bookings, ticketCategories, tickets } from '../../db/schema';
import { seatsPerTicket } from '@shared/event-rules';

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
    await db
      .insert(tickets)
      .values(rows)
      .onConflictDoNothing({ target: [tickets.bookingId, tickets.position] });
  }
  return db.select().from(tickets).where(eq(tickets.bookingId, booking.id)).orderBy(asc(tickets.position));
}

/**
 * The lines of a booking, in order. A booking written without lines (by a test's or the demo's factory, as
 * before categories) gets its one line now, as migration 0019 gave every earlier booking: the event's first
 * category, the booking's quantity and unit price (docs/product/ticket-categories.md#one-category).
 */
export async function bookingLines(db: DbOrTx, booking: Booking): Promise<BookingItem[]> {
  const lines = await db
    .select()
    .from(bookingItems)
    .where(eq(bookingItems.bookingId, booking.id))
    .orderBy(asc(bookingItems.position));
  if (lines.length > 0) return lines;
  const [category] = await db
    .select()
    .from(ticketCategories)
    .where(eq(ticketCategories.eventId, booking.eventId))
    .orderBy(asc(ticketCategories.position))
    .limit(1);
  if (!category) throw new Error(`event ${booking.eventId} has no category`);
  return db
    .insert(bookingItems)
    .values({
      bookingId: booking.id,
      categoryId: category.id,
      name: category.name,
      position: 1,
      quantity: booking.quantity,
      seatsPerTicket: seatsPerTicket(category.priceUnit),
      unitPriceCents: booking.unitPriceCents,
      regularUnitPriceCents: booking.unitPriceCents,
      discountCents: booking.discountCents,
    })
    .onConflictDoNothing()
    .returning();
}
