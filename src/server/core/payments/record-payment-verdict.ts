import type { UsedPaymentMethod } from '@shared/payment-methods';
import type { ProviderPaymentState } from '../../adapters/payments/payment-provider';
import { mailContextOf } from '../use-case-deps';
import { sendRefunds, type PaymentDeps } from './send-refunds';
import { settlePayment, type SettleResult } from './settle-payment';

/**
 * A provider's verdict on a payment (webhook, the buyer's return, the test buttons, a transfer that arrived):
 * settlePayment's transaction, then, after its commit, the counters, the outbox for its mails and the refunds
 * it recorded (a payment that came too late) go to the provider.
 */
export async function recordPaymentVerdict(
  deps: PaymentDeps,
  input: {
    paymentId: string;
    state: ProviderPaymentState;
    lastError?: string;
    /** What the provider said the buyer paid with (payments.method). */
    method?: UsedPaymentMethod;
    /** The money was taken back after success (docs/product/payments.md#returned). */
    returned?: { feeCents: number };
    now?: Date;
  },
): Promise<SettleResult> {
  const result = await settlePayment({
    db: deps.database.db,
    ...input,
    mail: await mailContextOf(deps),
  });
  if (result.change) {
    deps.metrics?.payment(result.change);
    if (result.outcome === 'confirmed') deps.metrics?.booking('confirmed');
  }
  deps.outbox.kick();
  await sendRefunds(deps, result.refundIds);
  return result;
}

/** Money for a transfer booking arrived in full (docs/product/bank-transfer.md#paid). */
export function settleTransfer(deps: PaymentDeps, paymentId: string): Promise<SettleResult> {
  return recordPaymentVerdict(deps, { paymentId, state: 'succeeded' });
}
