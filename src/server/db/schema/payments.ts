import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_PROVIDERS } from '@shared/payments';
import { user } from './accounts';
import { bookings } from './bookings';
import { createdAt, timestamptz, updatedAt, type JsonObject } from './columns';
import { tickets } from './tickets';

// One row per payment attempt and per refund attempt (docs/product/payments.md#one-attempt,
// docs/product/tickets-and-refunds.md#refund-rows-first), never overwritten
// by the next attempt, so the history of what was charged and returned can be audited.
export const paymentProvider = pgEnum('payment_provider', PAYMENT_PROVIDERS);
export const paymentAttemptStatus = pgEnum('payment_attempt_status', [
  'pending',
  /** the provider took the payment but has not decided yet (SEPA debit; docs/product/payments.md#processing) */
  'processing',
  'succeeded',
  'failed',
  'canceled',
]);
export const refundStatus = pgEnum('refund_status', ['pending', 'succeeded', 'failed']);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    provider: paymentProvider('provider').notNull(),
    /** e.g. Stripe's PaymentIntent id; NULL until the provider has answered. */
    providerPaymentId: text('provider_payment_id').unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    status: paymentAttemptStatus('status').notNull().default('pending'),
    /** Sent to the provider so a retried request never charges twice. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    lastError: text('last_error'),
    /** The method it was paid with (a UsedPaymentMethod of shared/payment-methods.ts); NULL until known. */
    method: text('method'),
    /** The online methods offered to the provider for this attempt (Stripe's payment_method_types, ours). */
    offeredMethods: jsonb('offered_methods').$type<string[]>(),
    /**
     * Only for the built-in test provider: the simulated verdict and when it comes ('SEPA processing →
     * succeeded / failed / returned as the clock moves'; docs/product/payments.md#test-methods).
     */
    simulation: jsonb('simulation').$type<{ outcome: 'succeeded' | 'failed' | 'returned'; at: string }>(),
    /** A debit returned after success (Rücklastschrift, Stripe dispute): when, and the fee the shop paid. */
    returnedAt: timestamptz('returned_at'),
    returnFeeCents: integer('return_fee_cents'),
    /** Last time the reconciliation asked the provider about this open attempt. */
    reconciledAt: timestamptz('reconciled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_booking_id_idx').on(t.bookingId),
    index('payments_status_created_at_idx').on(t.status, t.createdAt),
    check('payments_amount_non_negative', sql`${t.amountCents} >= 0`),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    /** NULL for a refund of the whole booking (e.g. a payment that arrived after the seats were gone). */
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    providerRefundId: text('provider_refund_id').unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    reason: text('reason'),
    status: refundStatus('status').notNull().default('pending'),
    /**
     * Provider calls made so far; the refund job retries a pending refund with back-off
     * (docs/product/tickets-and-refunds.md#refund-retry).
     */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * A refund of a transfer goes back by the shop's bank: the account the buyer named when cancelling; when
     * NULL, the account the money came from (docs/product/bank-transfer.md#refunds).
     */
    payoutIban: text('payout_iban'),
    payoutName: text('payout_name'),
    /** The admin who granted it; NULL for automatic refunds and self-service cancellations. */
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_booking_id_idx').on(t.bookingId),
    index('refunds_payment_id_idx').on(t.paymentId),
    index('refunds_status_updated_at_idx').on(t.status, t.updatedAt),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Verified webhook events, stored by the provider's event id so a redelivery is recognised and ignored. */
export const paymentProviderEvents = pgTable(
  'payment_provider_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: paymentProvider('provider').notNull(),
    /** The provider's event id (e.g. Stripe's evt_…), not one of our events. */
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<JsonObject>().notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    processedAt: timestamptz('processed_at'),
  },
  (t) => [unique('payment_provider_events_provider_event_id_unique').on(t.provider, t.eventId)],
);
