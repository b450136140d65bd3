import { and, desc, eq } from 'drizzle-orm';
import type { BookingView } from '@shared/booking';
import type { Actor } from '../actor';
import { payments } from '../../db/schema';
import { loadBookingView } from '../bookings/get-booking';
import { loadOwnBooking } from './own-booking';
import { recordFetchedPayment } from './record-fetched-payment';
import type { PaymentDeps } from './send-refunds';

/** The buyer came back from the payment form: ask the provider instead of waiting for the webhook. */
export async function syncBookingPayment(
  deps: PaymentDeps,
  input: { bookingId: string; user: Actor },
): Promise<BookingView> {
  const { bookingId, user } = input;
  const { db } = deps.database;
  await loadOwnBooking(db, bookingId, user);
  const attempts = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.provider, 'stripe')))
    .orderBy(desc(payments.createdAt))
    .limit(3);
  const provider = await deps.gateway.byName('stripe');
  for (const payment of attempts) {
    // a processing SEPA debit is asked again too (docs/product/payments.md#processing)
    if (!payment.providerPaymentId || !provider || !['pending', 'processing'].includes(payment.status))
      continue;
    await recordFetchedPayment(deps, payment, await provider.retrievePayment(payment.providerPaymentId));
  }
  return (await loadBookingView(db, bookingId))!;
}
