import { and, count, desc, eq, isNull } from 'drizzle-orm';
import {
  METHOD_MESSAGES,
  offeredOnlineMethods,
  type OnlineMethod,
  type PaymentMethodSettings,
} from '@shared/payment-methods';
import { PAYMENT_MESSAGES, type PaymentSession } from '@shared/payments';
import type { Actor } from '../actor';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import type { Booking, Db } from '../../db/types';
import { bookings, events, payments } from '../../db/schema';
import type { Logger } from '../../logger';
import { AppError } from '../app-error';
import type { UseCaseDeps } from '../use-case-deps';
import { loadOwnBooking } from './own-booking';

type Payment = typeof payments.$inferSelect;

/**
 * Starts (or resumes) the payment of a pending booking for the server's total
 * (docs/product/payments.md#one-attempt). Every attempt is its own payments row, created before the provider
 * is called, with an idempotency key derived from it, so a retried request never creates a second charge.
 *
 * A booking has at most one open attempt per provider and amount: it is looked up, or created, while the
 * booking row is locked, so parallel starts (a double click, two tabs) all get the same attempt
 * (docs/decisions/017-input-edge-and-leaks.md). The provider is called after that short transaction.
 *
 * The online methods offered are computed again here from the admin's 'Zahlungsarten' and this order (event
 * start, total, currency, a company in the billing address), stored with the attempt and passed to the provider;
 * an open attempt is resumed only while that list is still the same
 * (docs/decisions/056-payment-methods-and-the-checkout.md).
 */
export async function startPayment(
  deps: Pick<UseCaseDeps, 'database' | 'gateway' | 'logger' | 'settings'>,
  input: { bookingId: string; user: Actor; now?: Date },
): Promise<PaymentSession> {
  const { gateway, logger } = deps;
  const { db } = deps.database;
  const { bookingId, user, now = new Date() } = input;
  payable(await loadOwnBooking(db, bookingId, user), now);
  const provider = await gateway.current();
  if (!provider) throw new AppError('unavailable', PAYMENT_MESSAGES.unavailable);
  if (provider.name === 'stripe' && !provider.publishableKey) {
    logger.error('Stripe secret key set but no publishable key: payments cannot start');
    throw new AppError('unavailable', PAYMENT_MESSAGES.initFailed);
  }
  const { paymentMethods } = await deps.settings.get();
  // An open attempt the provider cannot resume is closed, and the next round creates a new one.
  for (let round = 1; round <= 2; round += 1) {
    const { booking, payment, created } = await claimAttempt({
      db,
      bookingId,
      user,
      provider,
      now,
      paymentMethods,
    });
    const session = sessionFor(provider, booking);
    if (created || !payment.providerPaymentId) {
      return createAtProvider({ db, logger, provider, booking, payment, created, session });
    }
    if (provider.name === 'test') return session(payment);
    try {
      const existing = await provider.retrievePayment(payment.providerPaymentId);
      if (existing.state === 'pending' && existing.clientSecret)
        return session(payment, existing.clientSecret);
    } catch (error) {
      logger.warn({ err: error, paymentId: payment.id }, 'could not resume payment; starting a new one');
    }
    // A late success of the closed attempt is still honoured (settle-payment.ts).
    await db
      .update(payments)
      .set({ status: 'canceled', lastError: 'replaced by a new attempt' })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
  }
  throw new AppError('unavailable', PAYMENT_MESSAGES.initFailed);
}

/** The booking's open attempt for this provider and amount, or a new one; under the booking's row lock. */
async function claimAttempt(options: {
  db: Db;
  bookingId: string;
  user: Actor;
  provider: PaymentProvider;
  now: Date;
  paymentMethods: PaymentMethodSettings;
}) {
  const { db, bookingId, user, provider, now, paymentMethods } = options;
  return db.transaction(async (tx) => {
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).for('update');
    const booking = payable(await loadOwnBooking(tx, bookingId, user), now);
    const [event] = await tx
      .select({ startTime: events.startTime })
      .from(events)
      .where(eq(events.id, booking.eventId))
      .limit(1);
    const offered = offeredOnlineMethods(paymentMethods, {
      eventStart: event?.startTime ?? now,
      now,
      amountCents: booking.totalAmountCents,
      currency: booking.currency,
      company: Boolean(booking.billingAddress?.company?.trim()),
    });
    if (offered.length === 0) throw new AppError('conflict', METHOD_MESSAGES.noOnlineMethod);
    const [open] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.bookingId, bookingId),
          eq(payments.provider, provider.name),
          eq(payments.status, 'pending'),
          eq(payments.amountCents, booking.totalAmountCents),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (open && sameMethods(open.offeredMethods, offered)) return { booking, payment: open, created: false };
    if (open) {
      // the admin's methods or the order's fit changed (e.g. SEPA's lead time passed): a new attempt with the new
      // list; a late success of the closed one is still honoured (settle-payment.ts)
      await tx
        .update(payments)
        .set({ status: 'canceled', lastError: 'replaced: the offered methods changed' })
        .where(eq(payments.id, open.id));
    }

    const [{ attempts } = { attempts: 0 }] = await tx
      .select({ attempts: count() })
      .from(payments)
      .where(eq(payments.bookingId, bookingId));
    const [payment] = await tx
      .insert(payments)
      .values({
        bookingId,
        provider: provider.name,
        amountCents: booking.totalAmountCents,
        currency: booking.currency,
        idempotencyKey: `booking-${bookingId}-payment-${attempts + 1}`,
        offeredMethods: offered,
      })
      .returning();
    // Test bookings are marked before any ticket exists, so every ticket of it carries the flag.
    await tx.update(bookings).set({ isTest: provider.isTest }).where(eq(bookings.id, bookingId));
    return { booking, payment: payment!, created: true };
  });
}

/**
 * Asks the provider for the attempt's payment. A request that found the attempt without a provider id
 * (its creator is asking right now, or died before the answer) asks too: the same idempotency key gets
 * the same PaymentIntent. Only the creator marks the attempt failed when the provider refuses.
 */
async function createAtProvider(options: {
  db: Db;
  logger: Logger;
  provider: PaymentProvider;
  booking: Booking;
  payment: Payment;
  created: boolean;
  session: (payment: Payment, clientSecret?: string) => PaymentSession;
}): Promise<PaymentSession> {
  const { db, logger, provider, booking, payment, created, session } = options;
  try {
    const [event] = await db
      .select({ title: events.title })
      .from(events)
      .where(eq(events.id, booking.eventId))
      .limit(1);
    const answer = await provider.createPayment({
      amountCents: payment.amountCents,
      currency: payment.currency,
      idempotencyKey: payment.idempotencyKey,
      bookingId: booking.id,
      description: `${booking.quantity} × ${event?.title ?? 'Ticket'}`,
      methods: methodsOf(payment),
    });
    // the first answer is kept (the test provider has no idempotency keys and answers anew each time)
    await db
      .update(payments)
      .set({ providerPaymentId: answer.id })
      .where(and(eq(payments.id, payment.id), isNull(payments.providerPaymentId)));
    if (provider.name === 'stripe' && !answer.clientSecret) {
      // the Payment Element cannot start without it (docs/product/payments.md#payment-messages)
      throw new AppError('unavailable', PAYMENT_MESSAGES.clientSecretFailed);
    }
    return session(payment, answer.clientSecret);
  } catch (error) {
    if (created) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(payments)
        .set({ status: 'failed', lastError: message.slice(0, 1000) })
        .where(eq(payments.id, payment.id));
    }
    logger.error({ err: error, bookingId: booking.id }, 'payment provider refused to start a payment');
    throw error instanceof AppError ? error : new AppError('unavailable', PAYMENT_MESSAGES.initFailed);
  }
}

/** The booking if it can be paid now; the German message otherwise (docs/product/payments.md#payable). */
export function payable(booking: Booking, now: Date): Booking {
  // a returned debit is paid again, for the booking's total (docs/product/payments.md#returned)
  if (
    booking.status === 'confirmed' &&
    booking.paymentStatus === 'returned' &&
    booking.totalAmountCents > 0
  ) {
    return booking;
  }
  if (booking.status === 'confirmed') throw new AppError('conflict', PAYMENT_MESSAGES.alreadyPaid);
  // a payment on its way is never doubled (docs/product/payments.md#processing)
  if (booking.paymentStatus === 'processing') throw new AppError('conflict', PAYMENT_MESSAGES.processing);
  if (booking.status === 'expired') throw new AppError('conflict', PAYMENT_MESSAGES.holdExpired);
  if (booking.status !== 'pending' || booking.totalAmountCents <= 0) {
    throw new AppError('conflict', PAYMENT_MESSAGES.notPayable);
  }
  if (booking.holdExpiresAt && booking.holdExpiresAt.getTime() <= now.getTime()) {
    throw new AppError('conflict', PAYMENT_MESSAGES.holdExpired);
  }
  return booking;
}

/** The attempt's offered methods; an attempt from before issue 31 had the card (and its wallets). */
export const methodsOf = (payment: Pick<Payment, 'offeredMethods'>): OnlineMethod[] =>
  (payment.offeredMethods as OnlineMethod[] | null) ?? ['card', 'wallet'];

const sameMethods = (stored: string[] | null, offered: OnlineMethod[]) =>
  stored !== null && stored.length === offered.length && stored.every((m, i) => m === offered[i]);

function sessionFor(provider: PaymentProvider, booking: Booking) {
  return (payment: Payment, clientSecret?: string): PaymentSession =>
    provider.name === 'stripe'
      ? {
          provider: 'stripe',
          paymentId: payment.id,
          clientSecret: clientSecret ?? '',
          publishableKey: provider.publishableKey ?? '',
          amountCents: booking.totalAmountCents,
          currency: booking.currency,
          methods: methodsOf(payment),
        }
      : {
          provider: 'test',
          paymentId: payment.id,
          amountCents: booking.totalAmountCents,
          currency: booking.currency,
          methods: methodsOf(payment),
        };
}
