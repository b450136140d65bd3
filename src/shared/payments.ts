// Payment step of a pending booking (docs/product/payments.md#order-then-pay,
// docs/product/payments.md#server-amount). The amount is always the server's booking total; the client never
// sends one.
import type { OnlineMethod } from './payment-methods';

/**
 * Stored in payments.provider (db/schema's enum derives from this list); 'free' has no provider,
 * 'bank_transfer' is paid by the buyer's bank and matched from statements (docs/product/bank-transfer.md).
 */
export const PAYMENT_PROVIDERS = ['stripe', 'test', 'free', 'bank_transfer'] as const;
export type StoredPaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** The providers the shop talks to (or pretends to). */
export type PaymentProviderName = Exclude<StoredPaymentProvider, 'free' | 'bank_transfer'>;

/**
 * POST /api/bookings/:id/payment answers this. Stripe: the Payment Element is mounted with clientSecret
 * and publishableKey. Test provider: the page shows 'Testmodus' with the two test buttons, which call
 * POST /api/bookings/:id/payment/test/complete and …/decline.
 */
export type PaymentSession =
  | {
      provider: 'stripe';
      paymentId: string;
      clientSecret: string;
      publishableKey: string;
      amountCents: number;
      currency: string;
      /** The online methods of this attempt in the admin's order (docs/decisions/056-payment-methods-and-the-checkout.md). */
      methods: OnlineMethod[];
    }
  | { provider: 'test'; paymentId: string; amountCents: number; currency: string; methods: OnlineMethod[] };

/** The texts of booking and payment failures (docs/product/payments.md#payment-messages). */
export const PAYMENT_MESSAGES = {
  clientSecretFailed: 'Failed to get payment client secret',
  initFailed: 'Konnte Zahlungsdaten nicht initialisieren',
  freeFailed: 'Kostenlose Buchung fehlgeschlagen',
  bookingError: 'Fehler bei der Buchung. Bitte versuchen Sie es erneut.',
  unexpectedBooking: 'Unerwarteter Fehler',
  checkInput: 'Bitte Eingaben prüfen.',
  failed: 'Zahlung fehlgeschlagen',
  unexpected: 'Ein unerwarteter Fehler ist aufgetreten',
  // ours
  testMode: 'Testmodus',
  testModeHint: 'Es wird kein echtes Geld bewegt. Tickets aus Testzahlungen sind als TEST markiert.',
  testComplete: 'Testzahlung abschließen',
  testDecline: 'Testzahlung ablehnen',
  testDeclined: 'Die Testzahlung wurde abgelehnt. Du kannst es erneut versuchen.',
  holdExpired: 'Die Reservierung ist abgelaufen. Bitte buche erneut.',
  notPayable: 'Diese Buchung kann nicht mehr bezahlt werden.',
  alreadyPaid: 'Diese Buchung ist bereits bezahlt.',
  unavailable:
    'Online-Zahlungen sind noch nicht eingerichtet. Kostenpflichtige Events können gerade nicht gebucht werden.',
  processing: 'Deine Zahlung wird noch verarbeitet. Die Tickets kommen per E-Mail, sobald sie bestätigt ist.',
  orderButton: 'Zahlungspflichtig bestellen',
} as const;
