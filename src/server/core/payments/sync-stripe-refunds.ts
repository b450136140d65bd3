import { and, eq, inArray, sql } from 'drizzle-orm';
import { bookings, payments, refunds } from '../../db/schema';
import { enqueueAdminRefundIssue } from '../bookings/booking-mails';
import { issueCancellationInvoice } from '../invoices/issue-invoice';
import { mailContextOf } from '../use-case-deps';
import type { PaymentDeps } from './send-refunds';

/**
 * Brings our refund rows in line with Stripe's after a refund event (refund.updated, refund.failed,
 * charge.refund.updated, charge.refunded) or by hand ('Mit Stripe abgleichen'): updates the state of ours and
 * records refunds made outside the shop (Stripe dashboard), so the books and the booking's payment status stay
 * true. A refund of ours that failed at Stripe becomes 'failed' with Stripe's reason as last_error, and every
 * admin is told once; the refunds list then offers 'Erneut versuchen'
 * (docs/product/payments.md#refund-events, docs/product/payments.md#refund-failed).
 */
export async function syncStripeRefunds(
  deps: Pick<PaymentDeps, 'database' | 'gateway' | 'logger' | 'settings' | 'config' | 'outbox'>,
  intentId: string,
): Promise<void> {
  const { db } = deps.database;
  const [payment] = await db.select().from(payments).where(eq(payments.providerPaymentId, intentId));
  const provider = await deps.gateway.byName('stripe');
  if (!payment || !provider) return;
  const remote = await provider.listRefunds(intentId);
  const mail = await mailContextOf(deps);
  const failedNow = await db.transaction(async (tx) => {
    const failed: string[] = [];
    const known = await tx.select().from(refunds).where(eq(refunds.paymentId, payment.id)).for('update');
    for (const r of remote) {
      const mine = known.find((k) => k.providerRefundId === r.id);
      if (mine) {
        if (mine.status === r.state) continue;
        await tx
          .update(refunds)
          .set({
            status: r.state,
            ...(r.state === 'failed' ? { lastError: (r.failureReason ?? 'failed').slice(0, 1000) } : {}),
          })
          .where(eq(refunds.id, mine.id));
        if (r.state === 'failed') {
          failed.push(mine.id);
          await enqueueAdminRefundIssue(
            tx,
            {
              bookingId: mine.bookingId,
              amountCents: mine.amountCents,
              problem: `Stripe hat die Erstattung nicht ausgeführt (${r.failureReason ?? 'failed'}).`,
            },
            mail,
          );
        }
      } else if (r.amountCents > 0 && r.state !== 'failed') {
        // made outside the shop; one that failed there moved no money and is not recorded
        const [external] = await tx
          .insert(refunds)
          .values({
            paymentId: payment.id,
            bookingId: payment.bookingId,
            providerRefundId: r.id,
            amountCents: r.amountCents,
            currency: payment.currency,
            reason: 'external',
            status: r.state,
          })
          .returning({ id: refunds.id });
        const refund = { id: external!.id, bookingId: payment.bookingId, amountCents: r.amountCents };
        await issueCancellationInvoice(tx, refund, new Date());
      }
    }
    const [{ refunded } = { refunded: 0 }] = await tx
      .select({ refunded: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), inArray(refunds.status, ['pending', 'succeeded'])));
    if (refunded > 0) {
      await tx
        .update(bookings)
        .set({ paymentStatus: refunded >= payment.amountCents ? 'refunded' : 'partially_refunded' })
        .where(eq(bookings.id, payment.bookingId));
    }
    return failed;
  });
  if (failedNow.length > 0) {
    deps.logger.error({ refundIds: failedNow, intentId }, 'stripe reports refunds failed');
    deps.outbox.kick();
  }
}
