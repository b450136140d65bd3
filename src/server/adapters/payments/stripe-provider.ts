import Stripe from 'stripe';
import type {
  PaymentProvider,
  ProviderPayment,
  ProviderPaymentState,
  ProviderRefund,
} from './payment-provider';
import { stripeRefundReason } from './stripe-refund-reason';

export interface StripeKeys {
  secretKey: string;
  publishableKey: string;
  /** STRIPE_API_BASE: lets tests point the official SDK at a local Stripe-compatible server. */
  apiBase?: string;
}

/** The official SDK, optionally aimed at STRIPE_API_BASE (host, port and protocol of that URL). */
export function createStripeClient(secretKey: string, apiBase?: string): Stripe {
  const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000 };
  if (apiBase) {
    const url = new URL(apiBase);
    options.host = url.hostname;
    options.port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    options.protocol = url.protocol === 'https:' ? 'https' : 'http';
  }
  return new Stripe(secretKey, options);
}

/** A Stripe webhook event whose signature held: what the payment service reads of it. */
export interface StripeWebhookEvent {
  id: string;
  type: string;
  /** The event's `data.object`: a PaymentIntent, a charge or a refund. */
  object: { id?: string; object?: string; payment_intent?: string | null };
  /** The whole event, as stored in payment_provider_events. */
  payload: Record<string, unknown>;
}

// Only verifies signatures (a pure HMAC check): no key and no network needed.
const webhookVerifier = new Stripe('sk_webhook_verification_only');

/**
 * Checks a webhook's Stripe-Signature over the raw body with the endpoint secret and answers the event;
 * throws when the signature does not hold. The SDK stays in this adapter (docs/architecture.md, Adapters).
 */
export function verifyStripeWebhook(rawBody: string, signature: string, secret: string): StripeWebhookEvent {
  const event = webhookVerifier.webhooks.constructEvent(rawBody, signature, secret);
  return {
    id: event.id,
    type: event.type,
    object: event.data.object as StripeWebhookEvent['object'],
    payload: event as unknown as Record<string, unknown>,
  };
}

function stateOf(intent: Stripe.PaymentIntent): ProviderPaymentState {
  if (intent.status === 'succeeded') return 'succeeded';
  if (intent.status === 'canceled') return 'canceled';
  if (intent.status === 'requires_payment_method' && intent.last_payment_error) return 'failed';
  return 'pending';
}

function refundState(status: string | null): ProviderRefund['state'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

function toPayment(intent: Stripe.PaymentIntent): ProviderPayment {
  return {
    id: intent.id,
    state: stateOf(intent),
    amountCents: intent.amount,
    currency: intent.currency.toUpperCase(),
    clientSecret: intent.client_secret ?? undefined,
    bookingId: intent.metadata?.bookingId,
    lastError: intent.last_payment_error?.message ?? undefined,
  };
}

/**
 * Stripe PaymentIntents for the Payment Element (card, Apple Pay, Google Pay), refunds via the API
 * (docs/product/payments.md#one-provider-interface).
 */
export function createStripeProvider(keys: StripeKeys): PaymentProvider {
  const stripe = createStripeClient(keys.secretKey, keys.apiBase);
  return {
    name: 'stripe',
    publishableKey: keys.publishableKey,
    isTest: keys.secretKey.startsWith('sk_test_') || keys.secretKey.startsWith('rk_test_'),
    async createPayment({ amountCents, currency, idempotencyKey, bookingId, description }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: currency.toLowerCase(),
          automatic_payment_methods: { enabled: true },
          description,
          metadata: { bookingId },
        },
        { idempotencyKey },
      );
      return toPayment(intent);
    },
    async retrievePayment(id) {
      return toPayment(await stripe.paymentIntents.retrieve(id));
    },
    async refund({ providerPaymentId, amountCents, idempotencyKey, reason }) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: providerPaymentId,
          amount: amountCents,
          reason: stripeRefundReason(reason),
          metadata: reason ? { reason } : undefined,
        },
        { idempotencyKey },
      );
      return { id: refund.id, state: refundState(refund.status) };
    },
    async retrieveRefund(id) {
      const refund = await stripe.refunds.retrieve(id);
      return { id: refund.id, state: refundState(refund.status) };
    },
    async listRefunds(providerPaymentId) {
      const list = await stripe.refunds.list({ payment_intent: providerPaymentId, limit: 100 });
      return list.data.map((r) => ({ id: r.id, state: refundState(r.status), amountCents: r.amount }));
    },
  };
}
