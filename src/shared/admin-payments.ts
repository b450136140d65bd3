// The admin's payment actions on a booking and a refund: 'Mit Stripe abgleichen'
// (docs/product/payments.md#reconcile-by-hand) and 'Erneut versuchen' of a failed refund
// (docs/product/payments.md#refund-failed).
import type { BookingPaymentStatus, BookingStatus } from './booking';
import { OPEN_PAYMENT_TEXTS } from './late-payments';

export const ADMIN_PAYMENT_MESSAGES = {
  bookingNotFound: 'Buchung nicht gefunden.',
  refundNotFound: 'Erstattung nicht gefunden.',
  refundNotFailed: 'Diese Erstattung ist nicht fehlgeschlagen.',
  refundByBank: 'Diese Erstattung zahlt die Bank des Shops aus, nicht der Zahlungsanbieter.',
  reconcile: 'Mit Stripe abgleichen',
  reconciled: 'Mit Stripe abgeglichen.',
  reconcileFailed: 'Abgleich fehlgeschlagen',
  providerUnreachable: 'Der Zahlungsanbieter ist gerade nicht erreichbar. Bitte versuche es später erneut.',
} as const;

/** The booking's payment state in the admin's words, after 'Mit Stripe abgleichen'. */
export const PAYMENT_STATUS_TEXT: Record<BookingPaymentStatus, string> = {
  pending: 'Zahlung offen',
  paid: 'Bezahlt',
  failed: OPEN_PAYMENT_TEXTS.failed,
  refunded: 'Erstattet',
  partially_refunded: 'Teilweise erstattet',
  not_required: 'Keine Zahlung nötig',
  processing: OPEN_PAYMENT_TEXTS.processing,
  returned: OPEN_PAYMENT_TEXTS.returned,
};

/** One payment attempt of a booking after the reconciliation. */
export interface ReconciledAttempt {
  id: string;
  provider: string;
  status: string;
  method: string | null;
  lastError: string | null;
}

/** What POST /api/admin/bookings/:id/reconcile answers: the booking's payment state after asking the provider. */
export interface ReconcileResult {
  bookingId: string;
  status: BookingStatus;
  paymentStatus: BookingPaymentStatus;
  /** Attempts the provider was asked about. */
  asked: number;
  attempts: ReconciledAttempt[];
}

/** What POST /api/admin/refunds/:id/retry answers: the refund after it was sent again. */
export interface RetriedRefund {
  id: string;
  status: 'pending' | 'succeeded' | 'failed';
  lastError: string | null;
}
