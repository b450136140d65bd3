import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { ADMIN_PAYMENT_MESSAGES, type ReconcileResult } from '@shared/admin-payments';
import { bookings, paymentActions, payments } from '../../db/schema';
import { AppError } from '../app-error';
import { reconcilePayment } from './reconcile-payments';
import type { PaymentDeps } from './send-refunds';
import { syncStripeRefunds } from './sync-stripe-refunds';

/** Attempts of one booking asked by hand; a booking has a handful at most. */
const ATTEMPTS_ASKED = 10;

/**
 * 'Mit Stripe abgleichen' (docs/product/payments.md#reconcile-by-hand, decision 055): what the
 * reconciliation job does, now and for one booking, whatever the attempts' age: every attempt the provider knows
 * (Stripe: all with an intent, a succeeded one too, so a dispute whose webhook was lost is found; test: those
 * with a simulation) is asked and settled through recordPaymentVerdict, and the refunds of the Stripe payments
 * are brought in line. Logged as a payment action 'reconcile'; answers the booking's payment state.
 */
export async function reconcileBooking(
  deps: PaymentDeps,
  input: { bookingId: string; actorId: string; now?: Date },
): Promise<ReconcileResult> {
  const { db } = deps.database;
  const { bookingId, actorId, now = new Date() } = input;
  const before = await bookingState(deps, bookingId);
  const attempts = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        inArray(payments.provider, ['stripe', 'test']),
        isNotNull(payments.providerPaymentId),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(ATTEMPTS_ASKED);
  let asked = 0;
  for (const attempt of attempts) {
    try {
      if (!(await reconcilePayment(deps, attempt, now))) continue;
    } catch (error) {
      // Stripe down or refusing: the admin hears it, nothing is logged as done
      deps.logger.warn({ err: error, paymentId: attempt.id }, 'reconciliation by hand failed');
      throw new AppError('unavailable', ADMIN_PAYMENT_MESSAGES.providerUnreachable);
    }
    asked++;
    await db.update(payments).set({ reconciledAt: now }).where(eq(payments.id, attempt.id));
    if (attempt.provider === 'stripe') await syncStripeRefunds(deps, attempt.providerPaymentId!);
  }
  const after = await bookingState(deps, bookingId);
  await db.insert(paymentActions).values({
    bookingId,
    actorId,
    action: 'reconcile',
    detail: {
      asked,
      before: { status: before.status, paymentStatus: before.paymentStatus },
      after: { status: after.status, paymentStatus: after.paymentStatus },
    },
  });
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.bookingId, bookingId))
    .orderBy(desc(payments.createdAt));
  return {
    bookingId,
    status: after.status,
    paymentStatus: after.paymentStatus,
    asked,
    attempts: rows.map((row) => ({
      id: row.id,
      provider: row.provider,
      status: row.status,
      method: row.method,
      lastError: row.lastError,
    })),
  };
}

async function bookingState(deps: PaymentDeps, bookingId: string) {
  const [booking] = await deps.database.db
    .select({ status: bookings.status, paymentStatus: bookings.paymentStatus })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking) throw new AppError('not_found', ADMIN_PAYMENT_MESSAGES.bookingNotFound);
  return booking;
}
