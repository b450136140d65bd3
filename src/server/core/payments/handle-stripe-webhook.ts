import { and, eq, isNull } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '@shared/payments';
import { paymentProviderEvents, payments } from '../../db/schema';
import { verifyStripeWebhook, type StripeWebhookEvent } from '../../adapters/payments/stripe-provider';
import { AppError } from '../app-error';
import { recordFetchedPayment } from './record-fetched-payment';
import type { PaymentDeps } from './send-refunds';
import { syncStripeRefunds } from './sync-stripe-refunds';

/**
 * Stripe event types that concern a PaymentIntent; the intent is re-fetched before acting
 * (docs/product/payments.md#webhook-signed).
 */
const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.processing',
  'payment_intent.requires_action',
]);
/**
 * A dispute, or a SEPA debit the buyer's bank returned, on a charge: its intent is re-fetched, and what Stripe
 * says then (returned, with the fee) is the verdict (docs/product/payments.md#returned).
 */
const DISPUTE_EVENTS = new Set(['charge.dispute.created', 'charge.dispute.funds_withdrawn']);
/** Refund events: the intent's refunds are listed again and our rows follow (a failed refund shows as failed). */
const REFUND_EVENTS = new Set([
  'charge.refunded',
  'charge.refund.updated',
  'refund.created',
  'refund.updated',
  'refund.failed',
]);

/**
 * POST /api/payments/stripe/webhook. The signature is checked on the raw body; the event is stored by
 * its id (a redelivery is answered 200 and ignored once processed); the object is re-fetched from
 * Stripe and only that answer is acted on, so forged, stale or out-of-order events change nothing.
 */
export async function handleStripeWebhook(
  deps: PaymentDeps,
  input: { rawBody: string; signature: string | undefined },
): Promise<{ duplicate: boolean }> {
  const { gateway, logger } = deps;
  const { db } = deps.database;
  const secret = await gateway.webhookSecret();
  if (!secret) throw new AppError('unavailable', 'Der Stripe-Webhook ist nicht eingerichtet.');
  let event: StripeWebhookEvent;
  try {
    event = verifyStripeWebhook(input.rawBody, input.signature ?? '', secret);
  } catch {
    throw new AppError('bad_request', 'Ungültige Webhook-Signatur.');
  }
  await db
    .insert(paymentProviderEvents)
    .values({
      provider: 'stripe',
      eventId: event.id,
      type: event.type,
      payload: event.payload,
    })
    .onConflictDoNothing();
  const [stored] = await db
    .select({ id: paymentProviderEvents.id, processedAt: paymentProviderEvents.processedAt })
    .from(paymentProviderEvents)
    .where(and(eq(paymentProviderEvents.provider, 'stripe'), eq(paymentProviderEvents.eventId, event.id)));
  if (stored?.processedAt) return { duplicate: true };

  const { object } = event;
  if (INTENT_EVENTS.has(event.type) && object.id) await syncIntent(deps, object.id);
  else if (DISPUTE_EVENTS.has(event.type) && object.payment_intent)
    await syncIntent(deps, object.payment_intent);
  else if (REFUND_EVENTS.has(event.type)) {
    const intentId = object.object === 'payment_intent' ? object.id : object.payment_intent;
    if (intentId) await syncStripeRefunds(deps, intentId);
    else logger.debug({ type: event.type }, 'refund event without a payment intent ignored');
  } else logger.debug({ type: event.type }, 'stripe event ignored');

  await db
    .update(paymentProviderEvents)
    .set({ processedAt: new Date() })
    .where(and(eq(paymentProviderEvents.id, stored!.id), isNull(paymentProviderEvents.processedAt)));
  return { duplicate: false };
}

async function syncIntent(deps: PaymentDeps, intentId: string) {
  const { db } = deps.database;
  const [payment] = await db.select().from(payments).where(eq(payments.providerPaymentId, intentId));
  if (!payment) {
    deps.logger.warn({ intentId }, 'webhook for an unknown payment intent ignored');
    return;
  }
  const provider = await deps.gateway.byName('stripe');
  if (!provider) throw new AppError('unavailable', PAYMENT_MESSAGES.unavailable);
  await recordFetchedPayment(deps, payment, await provider.retrievePayment(intentId));
}
