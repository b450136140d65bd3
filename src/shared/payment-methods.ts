// The payment methods the admin offers and the checkout shows (docs/product/payments.md#methods,
// docs/decisions/054-payment-methods-and-late-verdicts.md). Pure and free of zod: the checkout, the admin
// settings and the server read the same rules.

export {
  DEFAULT_PAYMENT_METHOD_SETTINGS,
  type OnlineMethod,
  type PaymentMethod,
  type PaymentMethodSettings,
} from './payment-method-settings';
import type { OnlineMethod, PaymentMethod, PaymentMethodSettings } from './payment-method-settings';

const DAY_MS = 86_400_000;

/** What the admin can switch on under 'Zahlungsarten', and the order the checkout shows them in. */
export const PAYMENT_METHODS = [
  'card',
  'wallet',
  'paypal',
  'sepa_debit',
  'klarna',
  'billie',
  'bank_transfer',
] as const satisfies readonly PaymentMethod[];

export const ONLINE_METHODS = PAYMENT_METHODS.filter((m): m is OnlineMethod => m !== 'bank_transfer');

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Karte',
  wallet: 'Apple Pay / Google Pay',
  paypal: 'PayPal',
  sepa_debit: 'SEPA-Lastschrift',
  klarna: 'Klarna',
  billie: 'Rechnungskauf für Firmen (Billie)',
  bank_transfer: 'Überweisung (Vorkasse)',
};

/**
 * The method a payment was actually made with, stored in payments.method and shown on invoices, in Meine Tickets,
 * the admin's lists and CSV, the refunds and the dashboard. Wallets are told apart (Stripe reports them as a card
 * with a wallet); 'test' is the built-in test provider's card.
 */
export const USED_PAYMENT_METHODS = [
  'card',
  'apple_pay',
  'google_pay',
  'paypal',
  'sepa_debit',
  'klarna',
  'billie',
  'bank_transfer',
] as const;
export type UsedPaymentMethod = (typeof USED_PAYMENT_METHODS)[number];

export const USED_PAYMENT_METHOD_LABELS: Record<UsedPaymentMethod, string> = {
  card: 'Karte',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  paypal: 'PayPal',
  sepa_debit: 'SEPA-Lastschrift',
  klarna: 'Klarna',
  billie: 'Rechnungskauf (Billie)',
  bank_transfer: 'Überweisung',
};

/** The label of a stored method; null (free bookings, payments before issue 31) reads as ''. */
export const usedMethodLabel = (method: string | null | undefined): string =>
  method && method in USED_PAYMENT_METHOD_LABELS
    ? USED_PAYMENT_METHOD_LABELS[method as UsedPaymentMethod]
    : '';

/** Methods whose verdict may come days after the order (docs/product/payments.md#late-methods). */
export const LATE_METHODS: readonly PaymentMethod[] = ['sepa_debit', 'bank_transfer'];

/**
 * Amount limits per method in cents (EUR) for German buyers; outside them the method is not offered for this order.
 * Klarna 1 € to 10.000 €, Billie up to 25.000 € (checked for issue 31; sources in
 * docs/decisions/056-payment-methods-and-the-checkout.md#limits).
 */
export const METHOD_AMOUNT_LIMITS: Partial<Record<OnlineMethod, { minCents: number; maxCents: number }>> = {
  klarna: { minCents: 100, maxCents: 1_000_000 },
  billie: { minCents: 100, maxCents: 2_500_000 },
};

/** Why a switched-on method is not offered for an order (shown in the settings as the rule, at checkout not at all). */
export const METHOD_RULE_TEXTS = {
  wallet: 'Apple Pay und Google Pay laufen über die Karte: nur zusammen mit „Karte“.',
  paypal: 'Nur für Events in Euro.',
  sepa_debit: (days: number) =>
    `Die Bank bestätigt eine Lastschrift erst nach bis zu 14 Bankarbeitstagen: nur für Events, die mindestens ${days} Tage nach der Bestellung beginnen. Die Plätze bleiben bis dahin reserviert.`,
  klarna: 'Nur für Bestellungen von 1 € bis 10.000 € in Euro.',
  billie: 'Nur für Firmen mit Rechnungsadresse (Firmenname), von 1 € bis 25.000 € in Euro.',
} as const;

/** Refusals of a payment start and of the test provider (docs/decisions/056-payment-methods-and-the-checkout.md). */
export const METHOD_MESSAGES = {
  noOnlineMethod:
    'Für diese Bestellung passt gerade keine Online-Zahlungsart. Bitte wende dich an den Veranstalter.',
  methodNotOffered: 'Diese Zahlungsart wird für diese Buchung nicht angeboten.',
} as const;

export interface MethodContext {
  eventStart: Date;
  now: Date;
  amountCents: number;
  currency: string;
  /** The order's billing address names a company (Billie is for businesses only). */
  company: boolean;
}

/** Is this switched-on online method offered for this order? (The server checks again when the payment starts.) */
export function onlineMethodOffered(
  method: OnlineMethod,
  settings: PaymentMethodSettings,
  context: MethodContext,
): boolean {
  if (!settings.enabled.includes(method)) return false;
  const euro = context.currency.toUpperCase() === 'EUR';
  const limits = METHOD_AMOUNT_LIMITS[method];
  if (limits && (context.amountCents < limits.minCents || context.amountCents > limits.maxCents))
    return false;
  switch (method) {
    case 'card':
      return true;
    case 'wallet':
      return settings.enabled.includes('card');
    case 'paypal':
    case 'klarna':
      return euro;
    case 'sepa_debit':
      return (
        euro &&
        context.eventStart.getTime() - context.now.getTime() >= settings.sepaMinDaysBeforeStart * DAY_MS
      );
    case 'billie':
      return euro && context.company;
  }
}

/** The online methods offered for this order, in the admin's order. */
export function offeredOnlineMethods(
  settings: PaymentMethodSettings,
  context: MethodContext,
): OnlineMethod[] {
  return orderedMethods(settings).filter(
    (m): m is OnlineMethod => m !== 'bank_transfer' && onlineMethodOffered(m, settings, context),
  );
}

/** All methods in the admin's order; methods missing from a stored order (added later) come last. */
export function orderedMethods(settings: Pick<PaymentMethodSettings, 'order'>): PaymentMethod[] {
  const known = settings.order.filter((m, i, all) => PAYMENT_METHODS.includes(m) && all.indexOf(m) === i);
  return [...known, ...PAYMENT_METHODS.filter((m) => !known.includes(m))];
}

/**
 * How a payment's method reads wherever it is shown (invoice, Meine Tickets, the admin's ticket list and CSV,
 * the refunds, the dashboard; docs/product/payments.md#method-names): the stored method's label; a payment made
 * before methods were stored reads by its provider ('Überweisung', 'Online (Stripe)', 'Testzahlung'); a free
 * booking or no payment at all reads ''.
 */
export function paymentMethodName(
  method: string | null | undefined,
  provider?: string | null | undefined,
): string {
  const label = usedMethodLabel(method);
  if (label) return label;
  if (provider === 'bank_transfer') return USED_PAYMENT_METHOD_LABELS.bank_transfer;
  if (provider === 'stripe') return 'Online (Stripe)';
  if (provider === 'test') return 'Testzahlung';
  return '';
}
