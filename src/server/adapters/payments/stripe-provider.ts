import Stripe from 'stripe';
import type { OnlineMethod, UsedPaymentMethod } from '@shared/payment-methods';
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
  // the buyer has paid, the bank has not decided yet (SEPA debit; docs/product/payments.md#processing)
  if (intent.status === 'processing') return 'processing';
  if (intent.status === 'requires_payment_method' && intent.last_payment_error) return 'failed';
  // requires_action (3-D Secure, PayPal and Klarna redirects), requires_confirmation, requires_payment_method
  return 'pending';
}

type StripeMethodType = Stripe.PaymentIntentCreateParams.AllowedPaymentMethodType;

/**
 * Our offered methods as Stripe's method types (docs/product/payments.md#methods): card and the wallets are
 * both Stripe's 'card' (Apple Pay and Google Pay are cards with a wallet); the rest by name. The API version
 * this SDK pins (2026-10-28) takes them as `allowed_payment_method_types`, which replaced
 * `payment_method_types` on PaymentIntent creation.
 */
export function stripeMethodTypes(methods: readonly OnlineMethod[]): StripeMethodType[] {
  const types = methods.map((method): StripeMethodType => (method === 'wallet' ? 'card' : method));
  const unique = [...new Set(types)];
  return unique.length > 0 ? unique : ['card'];
}

/** What the charge was paid with: a card with an Apple Pay / Google Pay wallet is that wallet. */
function methodOf(charge: Stripe.Charge | null): UsedPaymentMethod | undefined {
  const details = charge?.payment_method_details;
  switch (details?.type) {
    case 'card': {
      const wallet = details.card?.wallet?.type;
      if (wallet === 'apple_pay') return 'apple_pay';
      return wallet === 'google_pay' ? 'google_pay' : 'card';
    }
    case 'paypal':
    case 'sepa_debit':
    case 'klarna':
    case 'billie':
      return details.type;
    default:
      return undefined;
  }
}

/** Dispute states in which the money was not taken (an inquiry, or a dispute the shop won). */
const DISPUTE_KEPT = new Set(['won', 'warning_needs_response', 'warning_under_review', 'warning_closed']);

function toRefund(refund: Stripe.Refund): ProviderRefund {
  const state = refundState(refund.status);
  return {
    id: refund.id,
    state,
    ...(state === 'failed' ? { failureReason: refund.failure_reason ?? refund.status ?? 'failed' } : {}),
  };
}

function refundState(status: string | null): ProviderRefund['state'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

function toPayment(intent: Stripe.PaymentIntent): ProviderPayment {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return {
    id: intent.id,
    state: stateOf(intent),
    amountCents: intent.amount,
    currency: intent.currency.toUpperCase(),
    clientSecret: intent.client_secret ?? undefined,
    bookingId: intent.metadata?.bookingId,
    lastError: intent.last_payment_error?.message ?? undefined,
    method: methodOf(charge),
  };
}

/**
 * Stripe PaymentIntents for the Payment Element with the methods the admin chose (card, Apple Pay / Google Pay,
 * PayPal, SEPA debit, Klarna, Billie), refunds via the API (docs/product/payments.md#one-provider-interface).
 * A payment is read with its latest charge, which tells the method and whether it was disputed or its debit
 * returned (docs/decisions/055-reconciliation-and-refunds-that-never-stick.md).
 */
export function createStripeProvider(keys: StripeKeys): PaymentProvider {
  const stripe = createStripeClient(keys.secretKey, keys.apiBase);
  return {
    name: 'stripe',
    publishableKey: keys.publishableKey,
    isTest: keys.secretKey.startsWith('sk_test_') || keys.secretKey.startsWith('rk_test_'),
    async createPayment({ amountCents, currency, idempotencyKey, bookingId, description, methods }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: currency.toLowerCase(),
          // exactly what the shop offers, never what the Stripe dashboard happens to enable
          // (docs/product/payments.md#methods)
          allowed_payment_method_types: stripeMethodTypes(methods),
          description,
          metadata: { bookingId },
        },
        { idempotencyKey },
      );
      return toPayment(intent);
    },
    async retrievePayment(id) {
      const intent = await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
      const payment = toPayment(intent);
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      if (charge?.disputed) {
        // a dispute, or a SEPA debit the buyer's bank returned (Stripe reports both as disputes)
        const disputes = await stripe.disputes.list({ payment_intent: intent.id, limit: 10 });
        const lost = disputes.data.filter((dispute) => !DISPUTE_KEPT.has(dispute.status));
        if (lost.length > 0) {
          const feeCents = lost
            .flatMap((dispute) => dispute.balance_transactions ?? [])
            .reduce((sum, transaction) => sum + (transaction.fee > 0 ? transaction.fee : 0), 0);
          payment.returned = { feeCents };
        }
      }
      return payment;
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
      return toRefund(refund);
    },
    async retrieveRefund(id) {
      return toRefund(await stripe.refunds.retrieve(id));
    },
    async listRefunds(providerPaymentId) {
      const list = await stripe.refunds.list({ payment_intent: providerPaymentId, limit: 100 });
      return list.data.map((r) => ({ ...toRefund(r), amountCents: r.amount }));
    },
  };
}
