import { and, desc, eq } from 'drizzle-orm';
import type { BookingView } from '@shared/booking';
import { PAYMENT_MESSAGES } from '@shared/payments';
import { PRIVACY_MESSAGES } from '@shared/privacy';
import type { Actor } from '../actor';
import { bookings, payments } from '../../db/schema';
import { AppError } from '../app-error';
import { loadBookingView } from '../bookings/get-booking';
import { loadOwnBooking } from './own-booking';
import { recordPaymentVerdict } from './record-payment-verdict';
import type { PaymentDeps } from './send-refunds';

/** 'Testzahlung abschließen' / 'Testzahlung ablehnen' (docs/product/payments.md#test-buttons). */
export async function settleTestPayment(
  deps: PaymentDeps,
  input: { bookingId: string; user: Actor; succeed: boolean },
): Promise<BookingView> {
  const { bookingId, user, succeed } = input;
  const { db } = deps.database;
  const booking = await loadOwnBooking(db, bookingId, user);
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.provider, 'test')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!payment) throw new AppError('conflict', PAYMENT_MESSAGES.notPayable);
  if (payment.status === 'pending') {
    const settled = await recordPaymentVerdict(deps, {
      paymentId: payment.id,
      state: succeed ? 'succeeded' : 'failed',
      lastError: succeed ? undefined : PAYMENT_MESSAGES.testDeclined,
    });
    // the account was deleted while the payment was under way: the money goes back
    // (docs/product/accounts-and-consent.md#deletion-serialised)
    const [after] = await db
      .select({ profileId: bookings.profileId })
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    if (settled.outcome === 'refunding' && after && after.profileId === null)
      throw new AppError('conflict', PRIVACY_MESSAGES.paymentAfterDeletion);
  } else if (payment.status !== 'succeeded') {
    // declined before: the page starts a new attempt (POST …/payment) first
    throw new AppError('conflict', PAYMENT_MESSAGES.notPayable);
  }
  return (await loadBookingView(db, booking.id))!;
}
