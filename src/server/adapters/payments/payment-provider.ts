import type { OnlineMethod, UsedPaymentMethod } from '@shared/payment-methods';
import type { PaymentProviderName } from '@shared/payments';

/**
 * What a provider says about a payment after we asked it (never what a webhook claimed). 'processing': the buyer
 * has paid, the bank has not decided yet (SEPA debit, docs/product/payments.md#processing).
 */
export type ProviderPaymentState = 'pending' | 'processing' | 'succeeded' | 'failed' | 'canceled';

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
  /** The method the buyer paid with, once the provider knows it (Stripe: the charge's payment method). */
  method?: UsedPaymentMethod;
  /**
   * Set when the money was taken back after success: a returned SEPA debit or a dispute (Rücklastschrift,
   * docs/product/payments.md#returned), with the fee the provider charged the shop.
   */
  returned?: { feeCents: number };
}

export interface ProviderRefund {
  id: string;
  state: 'pending' | 'succeeded' | 'failed';
  /** Why a failed refund failed, as the provider says it (Stripe's failure_reason). */
  failureReason?: string;
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
    /** The methods this attempt may be paid with, in the admin's order (docs/product/payments.md#methods). */
    methods: OnlineMethod[];
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
