import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { bookings, events, profiles } from '../../db/schema';
import { mailEventColumns } from '../events/event-columns';

/**
 * A booking with its event and its buyer's address and name: what every booking mail and the refund lookup
 * need. Undefined for an unknown id; the buyer's fields are null once the account is deleted (the booking
 * stays for the books).
 */
export async function loadBookingWithBuyer(db: DbOrTx, bookingId: string) {
  const [row] = await db
    .select({
      booking: bookings,
      email: profiles.email,
      fullName: profiles.fullName,
      onlineUrl: events.onlineUrl,
      event: mailEventColumns,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(profiles, eq(profiles.id, bookings.profileId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}

export type BookingWithBuyer = NonNullable<Awaited<ReturnType<typeof loadBookingWithBuyer>>>;
