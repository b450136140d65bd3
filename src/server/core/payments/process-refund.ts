import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { paymentActions, payments, refunds } from '../../db/schema';
import type { Logger } from '../../logger';
import type { PaymentGateway } from '../payment-providers/payment-gateway';
import type { MailContext } from '../mail/templates/mail-context';
import { enqueueAdminRefundIssue } from '../bookings/booking-mails';

/** After this many failed provider calls a refund is marked failed and needs an admin. */
export const MAX_REFUND_ATTEMPTS = 10;

/**
 * Sends one recorded refund to the provider that took the money
 * (docs/product/tickets-and-refunds.md#refund-rows-first). The refund row was committed with the change that
 * owes it (cancel, late payment), so a provider outage or a crash loses nothing: the refund job calls this
 * again, and the idempotency key `refund-{id}` makes the provider answer with the same refund instead of
 * paying twice. Answers the refund's state after this call, or 'skipped' when it was not pending (any more).
 */
export async function processRefund(options: {
  db: Db;
  gateway: PaymentGateway;
  logger: Logger;
  refundId: string;
  /** With it, a refund that ends 'failed' is reported to every admin by e-mail. */
  mail?: MailContext;
  /**
   * The refund job's round time: the claim then also requires the back-off to be over at that time, so a
   * refund another instance claimed since the round read its list (which moved `updatedAt`) is skipped.
   */
  dueBy?: Date;
}): Promise<'succeeded' | 'pending' | 'failed' | 'skipped'> {
  const { db, gateway, logger, refundId, mail, dueBy } = options;
  const reportFailure = async (problem: string) => {
    if (!mail) return;
    await enqueueAdminRefundIssue(
      db,
      { bookingId: claimed!.bookingId, amountCents: claimed!.amountCents, problem },
      mail,
    );
  };
  const [claimed] = await db
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(refunds.id, refundId),
        eq(refunds.status, 'pending'),
        dueBy ? backOffOver(dueBy) : undefined,
        // a transfer is paid back by the shop's bank, not by a provider: such a refund stays owed
        // (docs/product/bank-transfer.md#paid)
        sql`${refunds.paymentId} IN (SELECT id FROM payments WHERE provider <> 'bank_transfer')`,
      ),
    )
    .returning();
  // no longer pending, owed by the bank, or another call claimed it meanwhile: nothing was sent here
  if (!claimed) return 'skipped';
  const [payment] = await db.select().from(payments).where(eq(payments.id, claimed.paymentId));
  const provider = payment ? await gateway.byName(payment.provider) : null;
  try {
    if (!payment?.providerPaymentId || !provider) throw new Error('payment provider not available');
    // Once the provider has an id for it, only ask about it: idempotency keys expire (Stripe: 24 h).
    const refund = claimed.providerRefundId
      ? await provider.retrieveRefund(claimed.providerRefundId)
      : await provider.refund({
          providerPaymentId: payment.providerPaymentId,
          amountCents: claimed.amountCents,
          idempotencyKey: await refundIdempotencyKey(db, claimed.id),
          reason: claimed.reason,
        });
    const status = refund.state === 'failed' ? 'failed' : refund.state;
    await db
      .update(refunds)
      .set({
        providerRefundId: refund.id,
        status,
        lastError: status === 'failed' ? (refund.failureReason ?? 'failed').slice(0, 1000) : null,
      })
      .where(eq(refunds.id, claimed.id));
    if (status === 'failed') {
      logger.error({ refundId }, 'provider declined the refund');
      await reportFailure('Der Zahlungsanbieter hat die Erstattung abgelehnt.');
    }
    return status;
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const exhausted = claimed.attempts >= MAX_REFUND_ATTEMPTS;
    await db
      .update(refunds)
      .set({ lastError: message, ...(exhausted ? { status: 'failed' as const } : {}) })
      .where(eq(refunds.id, claimed.id));
    logger[exhausted ? 'error' : 'warn'](
      { refundId, attempts: claimed.attempts, error: message },
      'refund not sent',
    );
    // Given up after the last retry: the money is still owed, so a person has to act
    // (docs/product/tickets-and-refunds.md#refund-retry).
    if (exhausted) {
      await reportFailure(
        `Die Erstattung ist nach ${claimed.attempts} Versuchen gescheitert. Letzter Fehler: ${message}`,
      );
    }
    return exhausted ? 'failed' : 'pending';
  }
}

/**
 * `refund-{id}`, and after the n-th 'Erneut versuchen' of a failed refund `refund-{id}-retry-{n}`: the provider
 * answers a repeated key with the first (failed) refund, so a retry by hand needs a key of its own, while the
 * job's repeats of one try keep theirs (docs/decisions/055-reconciliation-and-refunds-that-never-stick.md).
 */
async function refundIdempotencyKey(db: Db, refundId: string): Promise<string> {
  const [{ retries } = { retries: 0 }] = await db
    .select({ retries: sql<number>`count(*)::int` })
    .from(paymentActions)
    .where(
      and(
        eq(paymentActions.action, 'retry_refund'),
        sql`${paymentActions.detail}->>'refundId' = ${refundId}`,
      ),
    );
  return retries > 0 ? `refund-${refundId}-retry-${retries}` : `refund-${refundId}`;
}

/** The refund's last try (or its recording) is older than its back-off at `now`. */
const backOffOver = (now: Date) =>
  lte(
    sql`${refunds.updatedAt} + least(interval '30 seconds' * power(2, ${refunds.attempts}), interval '1 hour')`,
    sql`${now.toISOString()}::timestamptz`,
  );

/** Refunds still owed whose last try is older than the back-off (30 s × 2^attempts, at most 1 h). */
export async function dueRefundIds(db: Db, now = new Date(), limit = 20): Promise<string[]> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.status, 'pending'), backOffOver(now), ne(payments.provider, 'bank_transfer')))
    .limit(limit);
  return rows.map((r) => r.id);
}
