import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKING_MESSAGES } from '@shared/booking';
import type { Actor } from '../actor';
import type { DbOrTx } from '../../db/types';
import { bookings } from '../../db/schema';
import { AppError } from '../app-error';

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * A booking its owner (or an admin) may act on. Anyone else gets the same 404 as for a booking that does
 * not exist, so other people's booking ids cannot be probed (docs/product/payments.md#payable).
 */
export async function loadOwnBooking(db: DbOrTx, bookingId: string, user: Actor) {
  const notFound = new AppError('not_found', BOOKING_MESSAGES.bookingNotFound);
  if (!isUuid(bookingId)) throw notFound;
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking || (booking.profileId !== user.id && user.role !== 'admin')) throw notFound;
  return booking;
}
