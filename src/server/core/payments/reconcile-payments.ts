import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { UsedPaymentMethod } from '@shared/payment-methods';
import type { ProviderPayment } from '../../adapters/payments/payment-provider';
import type { Db } from '../../db/types';
import { payments, refunds } from '../../db/schema';
import { recordFetchedPayment } from './record-fetched-payment';
import type { PaymentDeps } from './send-refunds';

type Payment = typeof payments.$inferSelect;

/** An open attempt is asked about once it is this old, and again at most this often while it is young. */
export const RECONCILE_AFTER_MINUTES = 5;
/** After its first hour an open attempt (a SEPA debit in processing, for days) is asked once an hour. */
export const RECONCILE_SLOW_AFTER_MINUTES = 60;
/** A payment form left unpaid this long is closed as abandoned; a later success is still honoured. */
export const ABANDONED_AFTER_HOURS = 24;
/** The fee the test provider charges for a returned debit (Stripe charges a dispute fee; ours is made up). */
export const TEST_RETURN_FEE_CENTS = 300;
/** The test provider returns a 'returned' debit this long after it succeeded. */
export const TEST_RETURN_AFTER_MS = 24 * 60 * 60_000;
/** Attempts asked per round; the next round takes the rest. */
const ROUND_LIMIT = 50;

const MINUTE_MS = 60_000;
const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * The built-in test provider's answer for an attempt with a `simulation` (docs/product/payments.md#test-methods):
 * before `at` the debit is processing, from `at` on it has its outcome; 'returned' succeeded at `at` and comes
 * back one day later with a fee of TEST_RETURN_FEE_CENTS. Without a simulation the test provider has nothing to
 * say (its card is settled by the buyer's buttons): null.
 */
export function simulatedPayment(payment: Payment, now: Date): ProviderPayment | null {
  const { simulation } = payment;
  if (!simulation || !payment.providerPaymentId) return null;
  const at = new Date(simulation.at).getTime();
  const base = {
    id: payment.providerPaymentId,
    amountCents: payment.amountCents,
    currency: payment.currency,
    bookingId: payment.bookingId,
    method: (payment.method ?? undefined) as UsedPaymentMethod | undefined,
  };
  if (now.getTime() < at) return { ...base, state: 'processing' };
  if (simulation.outcome === 'failed') {
    return { ...base, state: 'failed', lastError: 'Die Testlastschrift wurde abgelehnt.' };
  }
  if (simulation.outcome === 'returned' && now.getTime() >= at + TEST_RETURN_AFTER_MS) {
    return { ...base, state: 'succeeded', returned: { feeCents: TEST_RETURN_FEE_CENTS } };
  }
  return { ...base, state: 'succeeded' };
}

/**
 * Asks the provider about one attempt and settles what it says exactly as its webhook would
 * (docs/decisions/055-reconciliation-and-refunds-that-never-stick.md): Stripe through a re-fetch of the
 * intent, the test provider through its simulation. Answers whether the provider was asked.
 */
export async function reconcilePayment(deps: PaymentDeps, payment: Payment, now: Date): Promise<boolean> {
  if (payment.provider === 'test') {
    const answer = simulatedPayment(payment, now);
    if (!answer) return false;
    await recordFetchedPayment(deps, payment, answer, now);
    return true;
  }
  if (payment.provider !== 'stripe' || !payment.providerPaymentId) return false;
  const provider = await deps.gateway.byName('stripe');
  if (!provider) {
    deps.logger.warn({ paymentId: payment.id }, 'stripe is not configured; open attempt not reconciled');
    return false;
  }
  const fetched = await provider.retrievePayment(payment.providerPaymentId);
  await recordFetchedPayment(deps, payment, fetched, now);
  if (fetched.state === 'pending' && payment.status === 'pending' && abandoned(payment, now)) {
    // the buyer left the payment form: the attempt is closed, as startPayment closes one it replaces, so it
    // no longer counts as open; a success that still comes is honoured (settle-payment.ts)
    await deps.database.db
      .update(payments)
      .set({ status: 'canceled', lastError: 'abandoned: still unpaid after 24 hours' })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
  }
  return true;
}

const abandoned = (payment: Payment, now: Date) =>
  now.getTime() - payment.createdAt.getTime() >= ABANDONED_AFTER_HOURS * 60 * MINUTE_MS;

/**
 * The reconciliation job's round (jobs/reconcile-job.ts; docs/product/payments.md#reconciliation): every
 * Stripe attempt 'pending' or 'processing' with a provider id, older than RECONCILE_AFTER_MINUTES and not asked
 * within them (within an hour once it is an hour old), and every test attempt whose simulated verdict is due,
 * is asked and settled through recordPaymentVerdict, so a payment whose webhook never came is not stuck. Each attempt is claimed by a
 * conditional UPDATE of reconciled_at, so instances never ask twice. Test attempts without a simulation that are
 * abandoned are closed. Succeeded Stripe payments are not polled: a dispute comes by webhook, or by hand
 * ('Mit Stripe abgleichen'). Answers how many attempts were asked.
 */
export async function reconcilePayments(deps: PaymentDeps, now: Date): Promise<number> {
  const { db } = deps.database;
  const due = await db
    .select()
    .from(payments)
    .where(dueForReconciliation(now))
    .orderBy(asc(payments.createdAt))
    .limit(ROUND_LIMIT);
  let asked = 0;
  for (const candidate of due) {
    const [claimed] = await db
      .update(payments)
      .set({ reconciledAt: now })
      .where(and(eq(payments.id, candidate.id), dueForReconciliation(now)))
      .returning();
    if (!claimed) continue; // another instance asked meanwhile, or a verdict came
    try {
      if (await reconcilePayment(deps, claimed, now)) asked++;
    } catch (error) {
      deps.logger.warn(
        { err: error, paymentId: claimed.id },
        'reconciliation of a payment failed; next round',
      );
    }
  }
  await closeAbandonedTestAttempts(db, now);
  return asked;
}

/** What a round asks about (see reconcilePayments). */
function dueForReconciliation(now: Date) {
  const soon = new Date(now.getTime() - RECONCILE_AFTER_MINUTES * MINUTE_MS);
  const hourAgo = new Date(now.getTime() - RECONCILE_SLOW_AFTER_MINUTES * MINUTE_MS);
  const open = inArray(payments.status, ['pending', 'processing']);
  const stripe = and(
    eq(payments.provider, 'stripe'),
    open,
    isNotNull(payments.providerPaymentId),
    lte(payments.createdAt, soon),
    or(
      isNull(payments.reconciledAt),
      // young attempts every few minutes, older ones (a SEPA debit for days) once an hour
      sql`${payments.reconciledAt} <= CASE WHEN ${payments.createdAt} > ${ts(hourAgo)} THEN ${ts(soon)} ELSE ${ts(hourAgo)} END`,
    ),
  );
  const simulationAt = sql`(${payments.simulation}->>'at')::timestamptz`;
  const test = and(
    eq(payments.provider, 'test'),
    isNotNull(payments.simulation),
    isNotNull(payments.providerPaymentId),
    or(
      and(open, sql`${simulationAt} <= ${ts(now)}`),
      and(
        eq(payments.status, 'succeeded'),
        sql`${payments.simulation}->>'outcome' = 'returned'`,
        isNull(payments.returnedAt),
        sql`${simulationAt} + interval '1 day' <= ${ts(now)}`,
      ),
    ),
    // a returned debit is answered once: its second step runs when the first has settled
    or(isNull(payments.reconciledAt), sql`${payments.reconciledAt} < ${ts(now)}`),
  );
  return or(stripe, test);
}

/** Test card attempts nobody finished: closed after ABANDONED_AFTER_HOURS, so they do not count as open. */
async function closeAbandonedTestAttempts(db: Db, now: Date) {
  await db
    .update(payments)
    .set({ status: 'canceled', lastError: 'abandoned: still unpaid after 24 hours' })
    .where(
      and(
        eq(payments.provider, 'test'),
        eq(payments.status, 'pending'),
        isNull(payments.simulation),
        lte(payments.createdAt, new Date(now.getTime() - ABANDONED_AFTER_HOURS * 60 * MINUTE_MS)),
      ),
    );
}

/** What the payment gauges read at scrape time (adapters/metrics/metrics.ts). */
export interface PaymentBacklog {
  /** Online attempts still pending or processing an hour after they started, by state. */
  openOverHour: { pending: number; processing: number };
  /** Refunds that failed and wait for an admin ('Erneut versuchen'). */
  refundsFailed: number;
}

/** One bounded read of the gauges (docs/product/payments.md#payment-metrics, docs/architecture.md#metrics). */
export async function paymentBacklog(db: Db, now = new Date()): Promise<PaymentBacklog> {
  const hourAgo = new Date(now.getTime() - RECONCILE_SLOW_AFTER_MINUTES * MINUTE_MS);
  const open = await db
    .select({ status: payments.status, count: sql<number>`count(*)::int` })
    .from(payments)
    .where(
      and(
        inArray(payments.status, ['pending', 'processing']),
        inArray(payments.provider, ['stripe', 'test']),
        lte(payments.createdAt, hourAgo),
      ),
    )
    .groupBy(payments.status);
  const [failed] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(refunds)
    .where(eq(refunds.status, 'failed'));
  const of = (status: string) => open.find((row) => row.status === status)?.count ?? 0;
  return {
    openOverHour: { pending: of('pending'), processing: of('processing') },
    refundsFailed: failed?.count ?? 0,
  };
}
