// What core reports to the metrics (docs/architecture.md#metrics, decision 032): one call where each outcome
// happens, after its commit. Core takes it as an optional dependency; without one nothing is counted, so core
// tests need no registry. The Prometheus side is metrics.ts.

/** created_paid: a paid booking holds its seats; created_free: a free one is confirmed at once. */
export type BookingOutcome = 'created_paid' | 'created_free' | 'confirmed' | 'expired' | 'cancelled';
/**
 * paid: confirmed its booking in time; late: arrived after the hold expired (seats taken again, or refunded
 * whole); failed: declined or cancelled at the provider; refunded: arrived for a booking that was cancelled or
 * already paid, and is refunded whole; processing: taken, the bank has not decided yet (a SEPA debit); returned:
 * taken back after success (docs/product/payments.md#processing, docs/product/payments.md#returned).
 */
export type PaymentOutcome = 'paid' | 'late' | 'failed' | 'refunded' | 'processing' | 'returned';
/** retried: not confirmed after this call (provider error or still pending there); the refund job tries again. */
export type RefundOutcome = 'succeeded' | 'failed' | 'retried';

export interface BusinessMetrics {
  booking(outcome: BookingOutcome, count?: number): void;
  payment(outcome: PaymentOutcome): void;
  refund(outcome: RefundOutcome): void;
}

export const BOOKING_OUTCOMES: readonly BookingOutcome[] = [
  'created_paid',
  'created_free',
  'confirmed',
  'expired',
  'cancelled',
];
export const PAYMENT_OUTCOMES: readonly PaymentOutcome[] = [
  'paid',
  'late',
  'failed',
  'refunded',
  'processing',
  'returned',
];
export const REFUND_OUTCOMES: readonly RefundOutcome[] = ['succeeded', 'failed', 'retried'];

/** Counts nothing: the default where no metrics are wired. */
export const noBusinessMetrics: BusinessMetrics = {
  booking: () => undefined,
  payment: () => undefined,
  refund: () => undefined,
};
