import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_REFUND_REASONS } from '@shared/admin-refunds';
import { createStripeProvider } from '@server/adapters/payments/stripe-provider';
import { stripeRefundReason } from '@server/adapters/payments/stripe-refund-reason';
import { FakeStripe } from '../helpers/fake-stripe';

// Issue 29 item 22 (docs/decisions/049-admin-screens-say-what-they-mean.md): the Admin Refund card shows German
// reasons; only the Stripe adapter turns them into Stripe's reason codes, and the words travel as metadata.

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await new FakeStripe().start();
});
afterAll(() => stripe.stop());

describe("Admin Refund reasons and Stripe's codes", () => {
  it.each([
    [ADMIN_REFUND_REASONS.duplicate, 'duplicate'],
    [ADMIN_REFUND_REASONS.customer, 'requested_by_customer'],
    [ADMIN_REFUND_REASONS.goodwill, 'requested_by_customer'],
    [ADMIN_REFUND_REASONS.eventChanged, 'requested_by_customer'],
    ['Die Kundin hat zweimal gebucht', 'requested_by_customer'],
    ['seats_unavailable', 'requested_by_customer'],
    [null, 'requested_by_customer'],
  ])('%j → %s', (reason, code) => {
    expect(stripeRefundReason(reason)).toBe(code);
  });

  it('sends the code to Stripe and keeps the words as metadata', async () => {
    const provider = createStripeProvider({
      secretKey: 'sk_test_local',
      publishableKey: 'pk_test_local',
      apiBase: stripe.url,
    });
    const payment = await provider.createPayment({
      amountCents: 5000,
      currency: 'EUR',
      idempotencyKey: 'reasons-1',
      bookingId: 'b1',
      description: 'Test',
      methods: ['card'],
    });
    stripe.succeed(payment.id);
    const sent = await provider.refund({
      providerPaymentId: payment.id,
      amountCents: 2000,
      idempotencyKey: 'reasons-refund-1',
      reason: ADMIN_REFUND_REASONS.duplicate,
    });
    expect(stripe.refunds.get(sent.id)).toMatchObject({
      reason: 'duplicate',
      metadata: { reason: 'Doppelt bezahlt' },
    });
  });
});
