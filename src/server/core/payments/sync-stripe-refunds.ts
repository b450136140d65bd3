import { and, eq, inArray, sql } from 'drizzle-orm';
import { bookings, payments, refunds } from '../../db/schema';
import { issueCancellationInvoice } from '../invoices/issue-invoice';
import type { UseCaseDeps } from '../use-case-deps';

/**
 * Brings our refund rows in line with Stripe's after a refund event: updates the state of ours and records
 * refunds made outside the shop (Stripe dashboard), so the books and the booking's payment status stay true.
 */
export async function syncStripeRefunds(
  deps: Pick<UseCaseDeps, 'database' | 'gateway'>,
  intentId: string,
): Promise<void> {
  const { db } = deps.database;
  const [payment] = await db.select().from(payments).where(eq(payments.providerPaymentId, intentId));
  const provider = await deps.gateway.byName('stripe');
  if (!payment || !provider) return;
  const remote = await provider.listRefunds(intentId);
  await db.transaction(async (tx) => {
    const known = await tx.select().from(refunds).where(eq(refunds.paymentId, payment.id)).for('update');
    for (const r of remote) {
      const mine = known.find((k) => k.providerRefundId === r.id);
      if (mine) {
        if (mine.status !== r.state)
          await tx.update(refunds).set({ status: r.state }).where(eq(refunds.id, mine.id));
      } else if (r.amountCents > 0) {
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
  });
}
