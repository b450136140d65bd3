import { eq } from 'drizzle-orm';
import type { AdminRefundLookup } from '@shared/admin-refunds';
import type { DbOrTx } from '../../db/factories';
import { bookings, events, profiles } from '../../db/schema';
import { AppError } from '../app-error';
import { findBookingIdByReference } from '../bookings/find-booking-by-reference';
import { refundableByBooking } from '../tickets/refund-terms';
import { ADMIN_REFUND_MESSAGES } from './admin-refund';

/**
 * GET /api/admin/refunds/lookup (spec admin §2 'Admin Refund'): whom a refund would go to, for which
 * event, what was paid and what is refunded already, so the card can name the euro amount before the
 * admin confirms. 404 for an unknown reference.
 */
export async function lookupRefundBooking(options: {
  db: DbOrTx;
  reference: string;
}): Promise<AdminRefundLookup> {
  const { db } = options;
  const bookingId = await findBookingIdByReference(db, options.reference);
  const [row] = bookingId
    ? await db
        .select({
          bookingId: bookings.id,
          orderNumber: bookings.orderNumber,
          holderName: bookings.holderName,
          currency: bookings.currency,
          fullName: profiles.fullName,
          email: profiles.email,
          eventTitle: events.title,
          eventStart: events.startTime,
          eventTimezone: events.timezone,
        })
        .from(bookings)
        .innerJoin(events, eq(events.id, bookings.eventId))
        .leftJoin(profiles, eq(profiles.id, bookings.profileId))
        .where(eq(bookings.id, bookingId))
        .limit(1)
    : [];
  if (!row) throw new AppError('not_found', ADMIN_REFUND_MESSAGES.notFound);
  const payment = (await refundableByBooking(db, [row.bookingId])).get(row.bookingId);
  const paidCents = payment?.paidCents ?? 0;
  const refundableCents = payment?.refundableCents ?? 0;
  return {
    bookingId: row.bookingId,
    orderNumber: row.orderNumber,
    buyerName: row.fullName || row.holderName || null,
    buyerEmail: row.email,
    eventTitle: row.eventTitle,
    eventStart: row.eventStart.toISOString(),
    eventTimezone: row.eventTimezone,
    currency: row.currency,
    paidCents,
    refundedCents: paidCents - refundableCents,
    refundableCents,
  };
}
