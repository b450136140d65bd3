import { ADMIN_REFUND_REASONS } from '@shared/admin-refunds';

/** The reasons Stripe's Refunds API takes. */
export type StripeRefundReason = 'duplicate' | 'fraudulent' | 'requested_by_customer';

/**
 * Our refund reason (the admin's German words, or a code of the shop's own refunds such as
 * 'seats_unavailable') as Stripe's reason code: a double payment is 'duplicate', everything else the buyer's
 * request. Only this adapter knows Stripe's codes; the words go to Stripe as metadata
 * (docs/decisions/049-admin-screens-say-what-they-mean.md). 'fraudulent' is never sent from here: it makes
 * Stripe block the card, a decision for the Stripe dashboard.
 */
export function stripeRefundReason(reason: string | null | undefined): StripeRefundReason {
  const text = reason?.trim().toLowerCase() ?? '';
  if (text === ADMIN_REFUND_REASONS.duplicate.toLowerCase() || text === 'duplicate') return 'duplicate';
  return 'requested_by_customer';
}
