import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BookingView } from '@shared/booking';
import { PAYMENT_MESSAGES, type PaymentProviderName, type PaymentSession } from '@shared/payments';
import type { Actor } from '../actor';
import type { Db } from '../../db/types';
import { bookings, paymentProviderEvents, payments, refunds } from '../../db/schema';
import type { Logger } from '../../logger';
import type { ProviderPaymentState } from '../../adapters/payments/payment-provider';
import { noBusinessMetrics, type BusinessMetrics } from '../../adapters/metrics/business-metrics';
import { verifyStripeWebhook, type StripeWebhookEvent } from '../../adapters/payments/stripe-provider';
import { AppError } from '../app-error';
import { loadBookingView } from '../bookings/get-booking';
import type { MailContext } from '../mail/templates/mail-context';
import { loadOwnBooking } from './own-booking';
import type { PaymentGateway } from './payment-gateway';
import { processRefund } from './process-refund';
import { settlePayment, type SettleResult } from './settle-payment';
import { startPayment } from './start-payment';
import { issueCancellationInvoice } from '../invoices/issue-invoice';
import { PRIVACY_MESSAGES } from '@shared/privacy';

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
const REFUND_EVENTS = new Set(['charge.refunded', 'refund.created', 'refund.updated', 'refund.failed']);

/**
 * The payment flows the HTTP routes call: start, test-provider buttons, the buyer's return, webhooks and
 * the refunds they cause. Every path ends in settlePayment; refunds are sent after the commit.
 */
export class PaymentService {
  constructor(
    private readonly deps: {
      db: Db;
      gateway: PaymentGateway;
      logger: Logger;
      mailContext: () => Promise<MailContext>;
      /** Wakes the outbox worker after a commit that wrote mails. */
      kickMail: () => void;
      /** Counts payments, confirmed bookings and refund attempts by outcome (docs/architecture.md#metrics). */
      metrics?: BusinessMetrics;
    },
  ) {}

  private get metrics(): BusinessMetrics {
    return this.deps.metrics ?? noBusinessMetrics;
  }

  get gateway() {
    return this.deps.gateway;
  }

  async config(): Promise<{ provider: PaymentProviderName | null; publishableKey: string | null }> {
    const provider = await this.deps.gateway.current();
    return { provider: provider?.name ?? null, publishableKey: provider?.publishableKey ?? null };
  }

  start(bookingId: string, user: Actor, now?: Date): Promise<PaymentSession> {
    const { db, gateway, logger } = this.deps;
    return startPayment({ db, gateway, logger, bookingId, user, now });
  }

  /** 'Testzahlung abschließen' / 'Testzahlung ablehnen' (docs/product/payments.md#test-buttons). */
  async settleTestPayment(bookingId: string, user: Actor, succeed: boolean): Promise<BookingView> {
    const { db } = this.deps;
    const booking = await loadOwnBooking(db, bookingId, user);
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), eq(payments.provider, 'test')))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (!payment) throw new AppError('conflict', PAYMENT_MESSAGES.notPayable);
    if (payment.status === 'pending') {
      const settled = await this.settle(
        payment.id,
        succeed ? 'succeeded' : 'failed',
        succeed ? undefined : PAYMENT_MESSAGES.testDeclined,
      );
      // the account was deleted while the payment was under way: the money goes back
      // (docs/product/accounts-and-consent.md#deletion-serialised)
      const [after] = await db
        .select({ profileId: bookings.profileId })
        .from(bookings)
        .where(eq(bookings.id, booking.id));
      if (settled.outcome === 'refunding' && after && after.profileId === null)
        throw new AppError('conflict', PRIVACY_MESSAGES.paymentAfterDeletion);
    } else if (payment.status !== 'succeeded') {
      // declined before: the page starts a new attempt (POST …/payment) first
      throw new AppError('conflict', PAYMENT_MESSAGES.notPayable);
    }
    return (await loadBookingView(db, booking.id))!;
  }

  /** The buyer came back from the payment form: ask the provider instead of waiting for the webhook. */
  async sync(bookingId: string, user: Actor): Promise<BookingView> {
    const { db, gateway } = this.deps;
    await loadOwnBooking(db, bookingId, user);
    const attempts = await db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), eq(payments.provider, 'stripe')))
      .orderBy(desc(payments.createdAt))
      .limit(3);
    const provider = await gateway.byName('stripe');
    for (const payment of attempts) {
      if (!payment.providerPaymentId || !provider || payment.status !== 'pending') continue;
      const fetched = await provider.retrievePayment(payment.providerPaymentId);
      await this.settle(payment.id, fetched.state, fetched.lastError);
    }
    return (await loadBookingView(db, bookingId))!;
  }

  /**
   * POST /api/payments/stripe/webhook. The signature is checked on the raw body; the event is stored by
   * its id (a redelivery is answered 200 and ignored once processed); the object is re-fetched from
   * Stripe and only that answer is acted on, so forged, stale or out-of-order events change nothing.
   */
  async handleStripeWebhook(rawBody: string, signature: string | undefined): Promise<{ duplicate: boolean }> {
    const { db, gateway, logger } = this.deps;
    const secret = await gateway.webhookSecret();
    if (!secret) throw new AppError('unavailable', 'Der Stripe-Webhook ist nicht eingerichtet.');
    let event: StripeWebhookEvent;
    try {
      event = verifyStripeWebhook(rawBody, signature ?? '', secret);
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
    if (INTENT_EVENTS.has(event.type) && object.id) await this.syncIntent(object.id);
    else if (REFUND_EVENTS.has(event.type)) {
      const intentId = object.object === 'payment_intent' ? object.id : object.payment_intent;
      if (intentId) await this.syncRefunds(intentId);
    } else logger.debug({ type: event.type }, 'stripe event ignored');

    await db
      .update(paymentProviderEvents)
      .set({ processedAt: new Date() })
      .where(and(eq(paymentProviderEvents.id, stored!.id), isNull(paymentProviderEvents.processedAt)));
    return { duplicate: false };
  }

  /**
   * Sends refunds owed; used right after the commit that recorded them and, with `dueBy` (its round time),
   * by the refund job: then a refund another instance claimed meanwhile is skipped.
   */
  async sendRefunds(refundIds: string[], { dueBy }: { dueBy?: Date } = {}): Promise<void> {
    const { db, gateway, logger } = this.deps;
    if (refundIds.length === 0) return;
    const mail = await this.deps.mailContext();
    for (const refundId of refundIds) {
      try {
        const outcome = await processRefund({ db, gateway, logger, refundId, mail, dueBy });
        if (outcome !== 'skipped') this.metrics.refund(outcome === 'pending' ? 'retried' : outcome);
      } catch (error) {
        logger.error({ err: error, refundId }, 'refund failed; the refund job retries');
        this.metrics.refund('retried');
      }
    }
    this.deps.kickMail();
  }

  private async syncIntent(intentId: string) {
    const { db, gateway, logger } = this.deps;
    const [payment] = await db.select().from(payments).where(eq(payments.providerPaymentId, intentId));
    if (!payment) {
      logger.warn({ intentId }, 'webhook for an unknown payment intent ignored');
      return;
    }
    const provider = await gateway.byName('stripe');
    if (!provider) throw new AppError('unavailable', PAYMENT_MESSAGES.unavailable);
    const fetched = await provider.retrievePayment(intentId);
    await this.settle(payment.id, fetched.state, fetched.lastError);
  }

  /**
   * Brings our refund rows in line with Stripe's: updates the state of ours and records refunds made
   * outside the shop (Stripe dashboard), so the books and the booking's payment status stay true.
   */
  private async syncRefunds(intentId: string) {
    const { db, gateway } = this.deps;
    const [payment] = await db.select().from(payments).where(eq(payments.providerPaymentId, intentId));
    const provider = await gateway.byName('stripe');
    if (!payment || !provider) return;
    const remote = await provider.listRefunds(intentId);
    await db.transaction(async (tx) => {
      const known = await tx.select().from(refunds).where(eq(refunds.paymentId, payment.id)).for('update');
      for (const r of remote) {
        const mine = known.find((k) => k.providerRefundId === r.id);
        if (mine) {
          if (mine.status !== r.state)
            await tx.update(refunds).set({ status: r.state }).where(eq(refunds.id, mine.id));
        } else if (r.amountCents > 0) {
          const [external] = await tx
            .insert(refunds)
            .values({
              paymentId: payment.id,
              bookingId: payment.bookingId,
              providerRefundId: r.id,
              amountCents: r.amountCents,
              currency: payment.currency,
              reason: 'external',
              status: r.state,
            })
            .returning({ id: refunds.id });
          const refund = { id: external!.id, bookingId: payment.bookingId, amountCents: r.amountCents };
          await issueCancellationInvoice(tx, refund, new Date());
        }
      }
      const [{ refunded } = { refunded: 0 }] = await tx
        .select({ refunded: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
        .from(refunds)
        .where(and(eq(refunds.paymentId, payment.id), inArray(refunds.status, ['pending', 'succeeded'])));
      if (refunded > 0) {
        await tx
          .update(bookings)
          .set({ paymentStatus: refunded >= payment.amountCents ? 'refunded' : 'partially_refunded' })
          .where(eq(bookings.id, payment.bookingId));
      }
    });
  }

  /** Money for a transfer booking arrived in full (docs/product/bank-transfer.md#paid). */
  async settleTransfer(paymentId: string): Promise<SettleResult> {
    return this.settle(paymentId, 'succeeded');
  }

  private async settle(
    paymentId: string,
    state: ProviderPaymentState,
    lastError?: string,
  ): Promise<SettleResult> {
    const result = await settlePayment({
      db: this.deps.db,
      paymentId,
      state,
      lastError,
      mail: await this.deps.mailContext(),
    });
    if (result.change) {
      this.metrics.payment(result.change);
      if (result.outcome === 'confirmed') this.metrics.booking('confirmed');
    }
    this.deps.kickMail();
    await this.sendRefunds(result.refundIds);
    return result;
  }
}
