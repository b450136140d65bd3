import type { PaymentProviderName } from '@shared/payments';

/** What a provider says about a payment after we asked it (never what a webhook claimed). */
export type ProviderPaymentState = 'pending' | 'succeeded' | 'failed' | 'canceled';

export interface ProviderPayment {
  id: string;
  state: ProviderPaymentState;
  amountCents: number;
  currency: string;
  /** For the client's payment form (Stripe's client_secret); absent for the test provider. */
  clientSecret?: string;
  /** Our booking, as stored in the provider's metadata when we created it. */
  bookingId?: string;
  lastError?: string;
}

export interface ProviderRefund {
  id: string;
  state: 'pending' | 'succeeded' | 'failed';
}

/**
 * One interface for Stripe and the built-in test provider (docs/product/payments.md#one-provider-interface).
 * Amounts are integer cents; every call that moves money carries an idempotency key, so a retried call never
 * charges or refunds twice.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The key the browser needs (Stripe's publishable key); null for the test provider. */
  readonly publishableKey: string | null;
  /** Marks bookings paid through it as test bookings ('TEST' badge): the test provider and Stripe test keys. */
  readonly isTest: boolean;
  createPayment(input: {
    amountCents: number;
    currency: string;
    idempotencyKey: string;
    bookingId: string;
    description: string;
  }): Promise<ProviderPayment>;
  retrievePayment(providerPaymentId: string): Promise<ProviderPayment>;
  /** The provider's current view of a refund made earlier (used instead of creating it again). */
  retrieveRefund(providerRefundId: string): Promise<ProviderRefund>;
  /** Every refund of a payment, including ones made outside the shop (e.g. in the Stripe dashboard). */
  listRefunds(providerPaymentId: string): Promise<(ProviderRefund & { amountCents: number })[]>;
  refund(input: {
    providerPaymentId: string;
    amountCents: number;
    idempotencyKey: string;
    reason: string | null;
  }): Promise<ProviderRefund>;
}
