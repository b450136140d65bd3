// The refunds list of the settings ('Erstattungen'; docs/product/payments.md#method-names,
// docs/decisions/055-reconciliation-and-refunds-that-never-stick.md): the latest refunds with their payment
// method, failed ones first with 'Erneut versuchen' (POST /api/admin/refunds/:id/retry).

/** How many refunds GET /api/admin/refunds answers: every failed one first, then the newest. */
export const ADMIN_REFUND_LIST_LIMIT = 50;

export type AdminRefundStatus = 'pending' | 'succeeded' | 'failed';

export const ADMIN_REFUND_STATUS_LABELS: Record<AdminRefundStatus, string> = {
  pending: 'Erstattung läuft',
  succeeded: 'Erstattet',
  failed: 'Rückerstattung fehlgeschlagen',
};

export const ADMIN_REFUND_LIST_TEXTS = {
  title: 'Erstattungen',
  empty: 'Noch keine Erstattungen.',
  retry: 'Erneut versuchen',
  retried: 'Erstattung erneut gesendet.',
  retrySucceeded: 'Erstattung ausgeführt.',
  failedAgain: 'Die Erstattung ist wieder fehlgeschlagen.',
  retryFailed: 'Erneut versuchen fehlgeschlagen.',
} as const;

/** One row of GET /api/admin/refunds. Amounts in cents. */
export interface AdminRefundListRow {
  id: string;
  bookingId: string;
  orderNumber: string;
  /** The buyer's name (the profile's, else the booking's holder); null when neither is known. */
  buyerName: string | null;
  /** null once the buyer's account was deleted. */
  buyerEmail: string | null;
  eventTitle: string;
  amountCents: number;
  currency: string;
  status: AdminRefundStatus;
  reason: string | null;
  /** Why the provider refused it (the last try), for a failed refund. */
  lastError: string | null;
  /** The method of the payment it goes back to ('PayPal', 'Karte', …); null when unknown. */
  paymentMethod: string | null;
  /** A failed refund the provider can be asked again for (a transfer's refund is paid out by the shop's bank). */
  retryable: boolean;
  createdAt: string;
}

/**
 * The shop's own refund codes in words (an admin's refund keeps the German reason it was given, shown as is;
 * docs/decisions/049-admin-screens-say-what-they-mean.md).
 */
const REFUND_REASON_TEXTS: Record<string, string> = {
  seats_unavailable: 'Zahlung kam nach Ablauf der Reservierung, die Plätze waren vergeben',
  duplicate_payment: 'Doppelt bezahlt',
  booking_cancelled: 'Die Buchung war schon storniert',
  account_deleted: 'Konto gelöscht',
  requested_by_customer: 'Auf Kundenwunsch',
  cancelled_by_admin: 'Vom Admin storniert',
  external: 'Außerhalb des Shops erstattet (Stripe-Dashboard)',
};

export const refundReasonText = (reason: string): string => REFUND_REASON_TEXTS[reason] ?? reason;

/** Stripe's failure_reason of a refund in words; anything else is shown as it came. */
const REFUND_FAILURE_TEXTS: Record<string, string> = {
  declined: 'Die Bank der Person hat die Erstattung abgelehnt.',
  expired_or_canceled_card: 'Die Karte ist abgelaufen oder gesperrt.',
  lost_or_stolen_card: 'Die Karte ist als verloren oder gestohlen gemeldet.',
  insufficient_funds: 'Das Guthaben des Stripe-Kontos reicht nicht.',
  merchant_request: 'Die Erstattung wurde im Stripe-Dashboard abgebrochen.',
  charge_for_pending_refund_disputed: 'Die Zahlung wurde angefochten, während die Erstattung lief.',
  unknown: 'Stripe nennt keinen Grund.',
  failed: 'Stripe nennt keinen Grund.',
};

export const refundFailureText = (code: string): string => REFUND_FAILURE_TEXTS[code] ?? code;
