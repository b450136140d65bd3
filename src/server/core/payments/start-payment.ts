import { and, count, desc, eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES, type PaymentSession } from '@shared/payments';
import type { Role } from '@shared/session';
import type { Db } from '../../db/client';
import { bookings, events, payments } from '../../db/schema';
import type { Logger } from '../../logger';
import { AppError } from '../app-error';
import type { PaymentGateway } from './payment-gateway';
import { loadOwnBooking } from './own-booking';

/**
 * spec visitor §7 create-stripe-payment, DESIGN §4: starts (or resumes) the payment of a pending booking
 * for the server's total. Every attempt is its own payments row, created before the provider is called,
 * with an idempotency key derived from it, so a retried request never creates a second charge. A pending
 * attempt of the same provider is resumed instead of starting another one.
 */
export async function startPayment(options: {
  db: Db;
  gateway: PaymentGateway;
  logger: Logger;
  bookingId: string;
  user: { id: string; role: Role };
  now?: Date;
}): Promise<PaymentSession> {
  // Two requests at once (a double click, two tabs) may both find no open attempt and claim the same
  // attempt number; the loser's insert does nothing, and it looks again (now finding the winner's row).
  for (let round = 1; round <= 3; round += 1) {
    const started = await startOnce(options);
    if (started) return started;
    await new Promise((resolve) => setTimeout(resolve, 100 * round));
  }
  throw new AppError('unavailable', PAYMENT_MESSAGES.initFailed);
}

/** One try; null when another request took the attempt number first. */
async function startOnce(options: Parameters<typeof startPayment>[0]): Promise<PaymentSession | null> {
  const { db, gateway, logger, bookingId, user, now = new Date() } = options;
  const booking = await loadOwnBooking(db, bookingId, user);
  if (booking.status === 'confirmed') throw new AppError('conflict', PAYMENT_MESSAGES.alreadyPaid);
  if (booking.status === 'expired') throw new AppError('conflict', PAYMENT_MESSAGES.holdExpired);
  if (booking.status !== 'pending' || booking.totalAmountCents <= 0) {
    throw new AppError('conflict', PAYMENT_MESSAGES.notPayable);
  }
  if (booking.holdExpiresAt && booking.holdExpiresAt.getTime() <= now.getTime()) {
    throw new AppError('conflict', PAYMENT_MESSAGES.holdExpired);
  }
  const provider = await gateway.current();
  if (!provider) throw new AppError('unavailable', PAYMENT_MESSAGES.unavailable);
  if (provider.name === 'stripe' && !provider.publishableKey) {
    logger.error('Stripe secret key set but no publishable key: payments cannot start');
    throw new AppError('unavailable', PAYMENT_MESSAGES.initFailed);
  }
  const session = (paymentId: string, clientSecret?: string): PaymentSession =>
    provider.name === 'stripe'
      ? {
          provider: 'stripe',
          paymentId,
          clientSecret: clientSecret ?? '',
          publishableKey: provider.publishableKey ?? '',
          amountCents: booking.totalAmountCents,
          currency: booking.currency,
        }
      : { provider: 'test', paymentId, amountCents: booking.totalAmountCents, currency: booking.currency };

  const [open] = await db
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
  if (open?.providerPaymentId) {
    if (provider.name === 'test') return session(open.id);
    try {
      const existing = await provider.retrievePayment(open.providerPaymentId);
      if (existing.state === 'pending' && existing.clientSecret)
        return session(open.id, existing.clientSecret);
    } catch (error) {
      logger.warn({ err: error, paymentId: open.id }, 'could not resume payment; starting a new one');
    }
  }

  const [{ attempts } = { attempts: 0 }] = await db
    .select({ attempts: count() })
    .from(payments)
    .where(eq(payments.bookingId, bookingId));
  const [payment] = await db
    .insert(payments)
    .values({
      bookingId,
      provider: provider.name,
      amountCents: booking.totalAmountCents,
      currency: booking.currency,
      idempotencyKey: `booking-${bookingId}-payment-${attempts + 1}`,
    })
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning();
  if (!payment) return null;
  // Test bookings are marked before any ticket exists, so every ticket of it carries the flag.
  await db.update(bookings).set({ isTest: provider.isTest }).where(eq(bookings.id, bookingId));
  try {
    const [event] = await db
      .select({ title: events.title })
      .from(events)
      .where(eq(events.id, booking.eventId))
      .limit(1);
    const created = await provider.createPayment({
      amountCents: payment.amountCents,
      currency: payment.currency,
      idempotencyKey: payment.idempotencyKey,
      bookingId,
      description: `${booking.quantity} × ${event?.title ?? 'Ticket'}`,
    });
    await db.update(payments).set({ providerPaymentId: created.id }).where(eq(payments.id, payment.id));
    if (provider.name === 'stripe' && !created.clientSecret) {
      // spec visitor §8: the Payment Element cannot start without it
      throw new AppError('unavailable', PAYMENT_MESSAGES.clientSecretFailed);
    }
    return session(payment.id, created.clientSecret);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(payments)
      .set({ status: 'failed', lastError: message.slice(0, 1000) })
      .where(eq(payments.id, payment.id));
    logger.error({ err: error, bookingId }, 'payment provider refused to start a payment');
    throw error instanceof AppError ? error : new AppError('unavailable', PAYMENT_MESSAGES.initFailed);
  }
}
