import type { AdminRefundLookup } from '@shared/admin-refunds';
import type { DbOrTx } from '../../db/types';
import { AppError } from '../app-error';
import { findBookingIdByReference } from '../bookings/find-booking-by-reference';
import { loadBookingWithBuyer } from '../bookings/load-booking-with-buyer';
import { refundableByBooking } from '../tickets/refund-terms';
import { ADMIN_REFUND_MESSAGES } from './admin-refund';

/**
 * GET /api/admin/refunds/lookup (docs/product/admin.md#admin-refund-target): whom a refund would go to, for
 * which event, what was paid and what is refunded already, so the card can name the euro amount before the
 * admin confirms. 404 for an unknown reference.
 */
export async function lookupRefundBooking(options: {
  db: DbOrTx;
  reference: string;
}): Promise<AdminRefundLookup> {
  const { db } = options;
  const bookingId = await findBookingIdByReference(db, options.reference);
  const row = bookingId ? await loadBookingWithBuyer(db, bookingId) : undefined;
  if (!row) throw new AppError('not_found', ADMIN_REFUND_MESSAGES.notFound);
  const { booking, event } = row;
  const payment = (await refundableByBooking(db, [booking.id])).get(booking.id);
  const paidCents = payment?.paidCents ?? 0;
  const refundableCents = payment?.refundableCents ?? 0;
  return {
    bookingId: booking.id,
    orderNumber: booking.orderNumber,
    buyerName: row.fullName || booking.holderName || null,
    buyerEmail: row.email,
    eventTitle: event.title,
    eventStart: event.startTime.toISOString(),
    eventTimezone: event.timezone,
    currency: booking.currency,
    paidCents,
    refundedCents: paidCents - refundableCents,
    refundableCents,
  };
}
