import { and, desc, eq } from 'drizzle-orm';
import type { BookingView } from '@shared/booking';
import { METHOD_MESSAGES, type OnlineMethod, type UsedPaymentMethod } from '@shared/payment-methods';
import { PAYMENT_MESSAGES } from '@shared/payments';
import { PRIVACY_MESSAGES } from '@shared/privacy';
import type { Actor } from '../actor';
import { bookings, payments } from '../../db/schema';
import { AppError } from '../app-error';
import { loadBookingView } from '../bookings/get-booking';
import { loadOwnBooking } from './own-booking';
import { recordPaymentVerdict } from './record-payment-verdict';
import type { PaymentDeps } from './send-refunds';
import { methodsOf } from './start-payment';

type Payment = typeof payments.$inferSelect;

/** What the test provider records as paid with (payments.method): a wallet pays as Apple Pay. */
const USED_BY_TEST: Record<OnlineMethod, UsedPaymentMethod> = {
  card: 'card',
  wallet: 'apple_pay',
  paypal: 'paypal',
  sepa_debit: 'sepa_debit',
  klarna: 'klarna',
  billie: 'billie',
};

/** The methods settled by 'Testzahlung abschließen' / 'ablehnen' or by the redirect page ('Zahlung freigeben'). */
export type TestSettledMethod = Exclude<OnlineMethod, 'sepa_debit'>;

/** The outcome a SEPA test debit reaches at simulation.at (docs/decisions/056-payment-methods-and-the-checkout.md). */
export type TestDebitOutcome = 'succeeded' | 'failed' | 'returned';

/**
 * The test provider's latest attempt of an own booking. The test routes never work in production (there the
 * gateway has no test provider either; docs/product/payments.md#test-buttons).
 */
async function latestTestAttempt(deps: PaymentDeps, bookingId: string, user: Actor) {
  if (deps.config.production) throw new AppError('not_found', PAYMENT_MESSAGES.notPayable);
  const { db } = deps.database;
  const booking = await loadOwnBooking(db, bookingId, user);
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.provider, 'test')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!payment) throw new AppError('conflict', PAYMENT_MESSAGES.notPayable);
  return { booking, payment };
}

const offeredOrRefused = (payment: Payment, method: OnlineMethod) => {
  if (!methodsOf(payment).includes(method)) throw new AppError('conflict', METHOD_MESSAGES.methodNotOffered);
};

/**
 * 'Testzahlung abschließen' / 'Testzahlung ablehnen' (docs/product/payments.md#test-buttons) with the method the
 * buyer picked among the attempt's offered ones: card, wallet, Billie on the page itself, PayPal and Klarna on
 * the local redirect page ('Zahlung freigeben' / 'Abbrechen'). The verdict records the method.
 */
export async function settleTestPayment(
  deps: PaymentDeps,
  input: { bookingId: string; user: Actor; succeed: boolean; method?: TestSettledMethod },
): Promise<BookingView> {
  const { bookingId, user, succeed } = input;
  const { db } = deps.database;
  const { booking, payment } = await latestTestAttempt(deps, bookingId, user);
  if (payment.status === 'pending') {
    const offered = methodsOf(payment);
    const method = input.method ?? (offered.includes('card') ? 'card' : offered[0]!);
    offeredOrRefused(payment, method);
    const settled = await recordPaymentVerdict(deps, {
      paymentId: payment.id,
      state: succeed ? 'succeeded' : 'failed',
      lastError: succeed ? undefined : PAYMENT_MESSAGES.testDeclined,
      method: USED_BY_TEST[method],
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

/**
 * 'Lastschrift erteilen' of the test provider (docs/decisions/056-payment-methods-and-the-checkout.md): the attempt
 * goes to 'processing' as a real SEPA debit does, with the outcome the buyer chose due at now +
 * TEST_SEPA_DELAY_SECONDS. The simulation is stored before the verdict, so the reconciliation round (the test
 * provider's answer is the simulation) never finds a processing test debit without one.
 */
export async function giveTestDebit(
  deps: PaymentDeps,
  input: { bookingId: string; user: Actor; outcome: TestDebitOutcome; now?: Date },
): Promise<BookingView> {
  const { bookingId, user, outcome, now = new Date() } = input;
  const { db } = deps.database;
  const { booking, payment } = await latestTestAttempt(deps, bookingId, user);
  if (payment.status === 'pending') {
    offeredOrRefused(payment, 'sepa_debit');
    const at = new Date(now.getTime() + deps.config.testSepaDelaySeconds * 1000).toISOString();
    await db
      .update(payments)
      .set({ simulation: { outcome, at } })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
    await recordPaymentVerdict(deps, {
      paymentId: payment.id,
      state: 'processing',
      method: 'sepa_debit',
      now,
    });
  } else if (payment.status !== 'processing' && payment.status !== 'succeeded') {
    throw new AppError('conflict', PAYMENT_MESSAGES.notPayable);
  }
  return (await loadBookingView(db, booking.id))!;
}
