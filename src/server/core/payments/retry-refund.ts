import { eq } from 'drizzle-orm';
import { ADMIN_PAYMENT_MESSAGES, type RetriedRefund } from '@shared/admin-payments';
import { paymentActions, payments, refunds } from '../../db/schema';
import { AppError } from '../app-error';
import { sendRefunds, type PaymentDeps } from './send-refunds';

/**
 * 'Erneut versuchen' on a failed refund (docs/product/payments.md#refund-failed, decision 055):
 * the refund goes back to 'pending' with its tries reset, the admin's action is logged ('retry_refund'), and
 * after that commit it is sent to the provider at once with a new idempotency key (process-refund.ts), so the
 * provider makes a new refund instead of answering with the failed one. Answers the refund after the send; if
 * it failed again it is 'failed' once more, and the refund job retries a send that did not reach the provider.
 */
export async function retryRefund(
  deps: PaymentDeps,
  input: { refundId: string; actorId: string },
): Promise<RetriedRefund> {
  const { db } = deps.database;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ refund: refunds, provider: payments.provider })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(refunds.id, input.refundId))
      .for('update', { of: refunds });
    if (!row) throw new AppError('not_found', ADMIN_PAYMENT_MESSAGES.refundNotFound);
    if (row.refund.status !== 'failed')
      throw new AppError('conflict', ADMIN_PAYMENT_MESSAGES.refundNotFailed);
    // a transfer's refund is paid out by the shop's bank (docs/product/bank-transfer.md#refunds)
    if (row.provider === 'bank_transfer') throw new AppError('conflict', ADMIN_PAYMENT_MESSAGES.refundByBank);
    await tx
      .update(refunds)
      .set({ status: 'pending', attempts: 0, providerRefundId: null, lastError: null })
      .where(eq(refunds.id, row.refund.id));
    await tx.insert(paymentActions).values({
      bookingId: row.refund.bookingId,
      actorId: input.actorId,
      action: 'retry_refund',
      detail: {
        refundId: row.refund.id,
        amountCents: row.refund.amountCents,
        failedProviderRefundId: row.refund.providerRefundId,
        lastError: row.refund.lastError,
      },
    });
  });
  await sendRefunds(deps, [input.refundId]);
  const [refund] = await db.select().from(refunds).where(eq(refunds.id, input.refundId));
  return { id: refund!.id, status: refund!.status, lastError: refund!.lastError };
}
