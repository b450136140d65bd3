import { z } from 'zod';

// Admin Refund (docs/product/admin.md#admin-refund-target): the booking is named by its order number or its
// id (docs/decisions/020-order-numbers.md); before confirming, the card shows whom and how much it refunds.

/**
 * When the field is empty. The spec's 'Bitte Booking-ID angeben' named only the id, but the field takes the
 * order number too (docs/product/admin.md#admin-refund-target, docs/decisions/049-admin-screens-say-what-they-mean.md).
 */
export const ADMIN_REFUND_REFERENCE_MESSAGE = 'Bitte gib eine Bestellnummer oder Booking-ID an.';

/**
 * The card's reasons, in German (docs/decisions/049-admin-screens-say-what-they-mean.md). The refund keeps the
 * words; only the Stripe adapter turns them into Stripe's reason codes
 * (src/server/adapters/payments/stripe-refund-reason.ts).
 */
export const ADMIN_REFUND_REASONS = {
  customer: 'Auf Kundenwunsch',
  goodwill: 'Kulanz',
  eventChanged: 'Event geändert oder abgesagt',
  duplicate: 'Doppelt bezahlt',
} as const;
/** Without a reason the request was the buyer's (the spec's default, 'requested_by_customer', in words). */
export const ADMIN_REFUND_DEFAULT_REASON = ADMIN_REFUND_REASONS.customer;

/**
 * The Admin Refund card's quick percentages (docs/product/admin.md#admin-refund-amount).
 */
export const ADMIN_REFUND_QUICK_PERCENTS = [100, 70, 50, 0] as const;
/**
 * A refund of nothing is refused on both sides (decision 012); the '0 %' quick button stays (decision 013).
 */
export const ADMIN_REFUND_ZERO_MESSAGE = 'Der Erstattungsbetrag muss größer als 0 sein.';

/** GET /api/admin/refunds/lookup?q=: an order number (any case, spaces) or a booking id. */
export const adminRefundLookupSchema = z.object({
  q: z
    .string(ADMIN_REFUND_REFERENCE_MESSAGE)
    .trim()
    .min(1, ADMIN_REFUND_REFERENCE_MESSAGE)
    .max(100, ADMIN_REFUND_REFERENCE_MESSAGE),
});

/** What the lookup answers: the booking as the confirmation shows it. Amounts in cents. */
export interface AdminRefundLookup {
  bookingId: string;
  orderNumber: string;
  /** The buyer's name (the profile's, else the name on the ticket); null when neither is known. */
  buyerName: string | null;
  /** null once the buyer's account was deleted. */
  buyerEmail: string | null;
  eventTitle: string;
  eventStart: string;
  eventTimezone: string;
  currency: string;
  /** The booking's succeeded payment; 0 when nothing was paid (free, pending, failed). */
  paidCents: number;
  /** Refunded or on its way back already (pending and succeeded refunds). */
  refundedCents: number;
  /** What is left to refund: paid − refunded. */
  refundableCents: number;
}

/**
 * What a refund request gives back (decision 011): a share is of the amount paid, capped at what is left;
 * an explicit amount stands as it is (the server refuses one above what is left, naming the figure).
 */
export function adminRefundCents(
  payment: Pick<AdminRefundLookup, 'paidCents' | 'refundableCents'>,
  request: { percent?: number; amountCents?: number },
): number {
  if (request.amountCents !== undefined) return request.amountCents;
  return Math.min(Math.floor(payment.paidCents * (request.percent ?? 0)), payment.refundableCents);
}
