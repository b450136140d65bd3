import { asc, eq } from 'drizzle-orm';
import { seatsPerTicket } from '@shared/event-rules';
import type { Booking, DbOrTx } from '../../db/types';
import { bookingItems, ticketCategories } from '../../db/schema';

type BookingItem = typeof bookingItems.$inferSelect;

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
