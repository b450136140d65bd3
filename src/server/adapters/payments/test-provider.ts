import { randomUUID } from 'node:crypto';
import type { PaymentProvider, ProviderPayment } from './payment-provider';

/**
 * The built-in test provider (docs/product/payments.md#test-buttons): a simulated card payment that moves no
 * money. Its state lives in our own payments rows: the buyer's 'Testzahlung abschließen' / 'Testzahlung
 * ablehnen' settles the payment directly (core/payments/test-payment.ts), so retrieve only echoes what it is
 * asked about. Only used outside production and when no Stripe key is set; its tickets are flagged is_test.
 */
export function createTestProvider(): PaymentProvider {
  return {
    name: 'test',
    publishableKey: null,
    isTest: true,
    async createPayment({ amountCents, currency, bookingId }) {
      return { id: `test_pi_${randomUUID()}`, state: 'pending', amountCents, currency, bookingId };
    },
    async retrievePayment(id): Promise<ProviderPayment> {
      // The test provider has no state of its own; callers read the payments row instead.
      return { id, state: 'pending', amountCents: 0, currency: 'EUR' };
    },
    async retrieveRefund(id) {
      return { id, state: 'succeeded' };
    },
    async listRefunds() {
      return []; // the test provider keeps no refunds of its own; ours are in the refunds table
    },
    async refund() {
      return { id: `test_re_${randomUUID()}`, state: 'succeeded' };
    },
  };
}
