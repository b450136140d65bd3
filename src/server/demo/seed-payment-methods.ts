import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { bookingSeats } from '@shared/booking';
import {
  ONLINE_METHODS,
  PAYMENT_METHODS,
  type OnlineMethod,
  type PaymentMethodSettings,
} from '@shared/payment-methods';
import type { DbOrTx, Event } from '../db/types';
import { appSettings, bookings, payments, refunds } from '../db/schema';
import { createBooking, HOLD_MINUTES } from './factories';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The sold-out workshop whose last seats tell the late-payment stories, and the seminar with the returned debit. */
const SOLD_OUT_EVENT = 'stimme-und-praesenz-intensivworkshop-luebeck';
const RETURNED_DEBIT_EVENT = 'klarheit-finden-wochenendseminar-ostsee';
/** Index into demoAttendees (seed-events.ts): Lena Hoffmann, Mareike Jansen, Paul Neumann. */
const LENA = 0;
const MAREIKE = 4;
const PAUL = 7;

/**
 * Minutes after the seed at which the test provider's bank decides Lena's SEPA debit
 * (payments.simulation, docs/product/payments.md#test-methods): the reconciliation job settles it at its
 * first round after that (docs/product/payments.md#reconciliation), so the demo shows 'Zahlung in
 * Bearbeitung' for its first minutes and then the confirmed booking.
 */
export const DEMO_SEPA_SETTLES_AFTER_MINUTES = 3;
/** The fee the bank charged the shop for Mareike's returned debit (docs/product/payments.md#returned). */
export const DEMO_RETURN_FEE_CENTS = 300;

/** Every online method switched on, in the checkout's default order (docs/product/payments.md#methods). */
export const DEMO_PAYMENT_METHODS: PaymentMethodSettings = {
  enabled: [...ONLINE_METHODS],
  order: [...PAYMENT_METHODS],
  sepaMinDaysBeforeStart: 14,
};

/** What the demo's checkout offered a buyer without a company address (Billie is for companies only). */
const OFFERED: OnlineMethod[] = ONLINE_METHODS.filter((method) => method !== 'billie');

/**
 * The payment methods and states of issue 31 in the demo, so a newcomer sees them in the first minute:
 * 'Zahlungsarten' with every online method on; (besides the paid bookings of seed-events.ts, each with its
 * method) Lena's SEPA debit on the sold-out workshop still 'Zahlung in Bearbeitung' (its seat held, the bank's
 * verdict simulated a few minutes after the seed); Mareike's returned debit on the Ostsee seminar ('Zahlung
 * zurückgebucht', fee 3 €, to pay again within 5 days); and Paul's PayPal payment that came after his
 * reservation had run out, whose refund failed ('Rückerstattung fehlgeschlagen'). Runs after the events and
 * their bookings exist; keeps the seat invariant.
 */
export async function seedPaymentMethods(
  tx: DbOrTx,
  options: { now: Date; events: Map<string, Event>; attendeeIds: string[] },
): Promise<void> {
  const { now, attendeeIds } = options;
  const event = (slug: string) => {
    const found = options.events.get(slug);
    if (!found) throw new Error(`demo event ${slug} missing`);
    return found;
  };
  await tx
    .insert(appSettings)
    .values({ key: 'paymentMethods', value: { ...DEMO_PAYMENT_METHODS } })
    .onConflictDoNothing();

  // Processing (docs/product/payments.md#processing): ordered yesterday, the bank has not decided; the
  // booking stays pending and keeps its seat although its hold time has passed
  const soldOut = event(SOLD_OUT_EVENT);
  const orderedAt = new Date(now.getTime() - DAY);
  const { booking: processing } = await createBooking(tx, {
    event: soldOut,
    profileId: attendeeIds[LENA]!,
    status: 'pending',
    now: orderedAt,
    isTest: true,
    booking: { paymentStatus: 'processing', holderName: 'Lena Hoffmann' },
  });
  await tx.insert(payments).values({
    bookingId: processing.id,
    provider: 'test',
    providerPaymentId: `test_pi_${randomUUID()}`,
    amountCents: processing.totalAmountCents,
    currency: processing.currency,
    status: 'processing',
    method: 'sepa_debit',
    offeredMethods: OFFERED,
    simulation: {
      outcome: 'succeeded',
      at: new Date(now.getTime() + DEMO_SEPA_SETTLES_AFTER_MINUTES * MINUTE).toISOString(),
    },
    idempotencyKey: `booking-${processing.id}-1`,
    createdAt: new Date(orderedAt.getTime() + MINUTE),
  });

  // Returned debit (docs/product/payments.md#returned): Mareike's SEPA debit succeeded, then came back two
  // days ago; she has until 7 days after the return to pay again
  const seminar = event(RETURNED_DEBIT_EVENT);
  const [returned] = await tx
    .select({ booking: bookings, payment: payments })
    .from(bookings)
    .innerJoin(payments, eq(payments.bookingId, bookings.id))
    .where(
      and(
        eq(bookings.eventId, seminar.id),
        eq(bookings.profileId, attendeeIds[MAREIKE]!),
        eq(payments.method, 'sepa_debit'),
      ),
    )
    .orderBy(asc(bookings.createdAt))
    .limit(1);
  if (!returned) throw new Error('demo: Mareike has no SEPA booking on the Ostsee seminar');
  const returnedAt = new Date(now.getTime() - 2 * DAY);
  await tx
    .update(payments)
    .set({ returnedAt, returnFeeCents: DEMO_RETURN_FEE_CENTS, updatedAt: returnedAt })
    .where(eq(payments.id, returned.payment.id));
  await tx
    .update(bookings)
    .set({ paymentStatus: 'returned', paymentDueAt: new Date(returnedAt.getTime() + 7 * DAY) })
    .where(eq(bookings.id, returned.booking.id));

  // A refund that failed (docs/product/payments.md#refund-failed): Paul's PayPal payment came after his hold
  // had run out and the seat was gone (docs/product/payments.md#late-payment); PayPal declined the refund
  const lateAt = new Date(now.getTime() - 2 * DAY);
  const { booking: late } = await createBooking(tx, {
    event: soldOut,
    profileId: attendeeIds[PAUL]!,
    status: 'expired',
    now: lateAt,
    isTest: true,
    booking: {
      // an expired booking keeps its seat count (to take the seats again), but holds none
      seats: bookingSeats(1, soldOut.priceUnit),
      paymentStatus: 'refunded',
      holdExpiresAt: new Date(lateAt.getTime() + HOLD_MINUTES * MINUTE),
      holderName: 'Paul Neumann',
    },
  });
  const paidAt = new Date(lateAt.getTime() + (HOLD_MINUTES + 4) * MINUTE);
  const [payment] = await tx
    .insert(payments)
    .values({
      bookingId: late.id,
      provider: 'test',
      providerPaymentId: `test_pi_${randomUUID()}`,
      amountCents: late.totalAmountCents,
      currency: late.currency,
      status: 'succeeded',
      method: 'paypal',
      offeredMethods: OFFERED,
      idempotencyKey: `booking-${late.id}-1`,
      createdAt: new Date(lateAt.getTime() + MINUTE),
      updatedAt: paidAt,
    })
    .returning({ id: payments.id });
  await tx.insert(refunds).values({
    paymentId: payment!.id,
    bookingId: late.id,
    providerRefundId: `test_re_${randomUUID()}`,
    amountCents: late.totalAmountCents,
    currency: late.currency,
    reason: 'seats_unavailable',
    status: 'failed',
    attempts: 1,
    // as the provider reports it (Stripe's failure_reason, sync-stripe-refunds.ts)
    lastError: 'declined',
    createdAt: paidAt,
    updatedAt: new Date(paidAt.getTime() + DAY),
  });
}
