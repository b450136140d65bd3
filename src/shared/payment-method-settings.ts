// The admin's 'Zahlungsarten' settings and their defaults (docs/decisions/056-payment-methods-and-the-checkout.md):
// apart from payment-methods.ts because shared/settings.ts, on every page's first download, needs only these
// (scripts/bundle-budget.mjs); the labels and rules load with the pages that show them.

/** What the admin can switch on under 'Zahlungsarten' (the list and its default order: payment-methods.ts). */
export type PaymentMethod =
  'card' | 'wallet' | 'paypal' | 'sepa_debit' | 'klarna' | 'billie' | 'bank_transfer';
/** The methods Stripe (or, outside production, the test provider) takes; transfer is the shop's own. */
export type OnlineMethod = Exclude<PaymentMethod, 'bank_transfer'>;
/**
 * The admin's choice ('Zahlungsarten', docs/product/payments.md#methods): the online methods switched on, the order
 * of all methods in the checkout (transfer is switched in its own card), and the lead time SEPA debits need.
 */
export interface PaymentMethodSettings {
  enabled: OnlineMethod[];
  order: PaymentMethod[];
  /** SEPA-Lastschrift only while the event starts at least this many days after the order. */
  sepaMinDaysBeforeStart: number;
}

export const DEFAULT_PAYMENT_METHOD_SETTINGS: PaymentMethodSettings = {
  // what the shop offered before issue 31: methods the operator has not activated at Stripe would make every
  // payment fail, so the rest is switched on by the admin (the demo switches all on)
  enabled: ['card', 'wallet'],
  // empty: every method in the default order (orderedMethods() in payment-methods.ts puts missing ones last)
  order: [],
  sepaMinDaysBeforeStart: 14,
};
