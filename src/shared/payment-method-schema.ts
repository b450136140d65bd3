// PUT /api/admin/settings/payment-methods: card 'Zahlungsarten' (docs/product/payments.md#methods,
// docs/decisions/056-payment-methods-and-the-checkout.md). Its own module: zod stays out of the checkout,
// which reads only src/shared/payment-methods.ts.
import { isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { ONLINE_METHODS, PAYMENT_METHODS, type PaymentMethodSettings } from './payment-methods';

export const PAYMENT_METHOD_SETTINGS_MESSAGES = {
  walletWithoutCard: 'Apple Pay / Google Pay geht nur zusammen mit „Karte“: bitte auch „Karte“ einschalten.',
  order: 'Die Reihenfolge muss jede Zahlungsart genau einmal enthalten.',
  unknownMethod: 'Unbekannte Zahlungsart.',
  sepaDays: 'Bitte eine ganze Zahl von 7 bis 365 Tagen eingeben.',
} as const;

/** The lead time of SEPA debits: the bank's verdict takes up to 14 bank days (docs/product/payments.md#methods). */
export const SEPA_MIN_DAYS = { min: 7, max: 365 } as const;

export const paymentMethodSettingsSchema = z
  .object({
    enabled: z
      .array(z.enum(ONLINE_METHODS, { error: PAYMENT_METHOD_SETTINGS_MESSAGES.unknownMethod }))
      .max(ONLINE_METHODS.length)
      .transform((methods) => ONLINE_METHODS.filter((m) => methods.includes(m))),
    order: z
      .array(z.enum(PAYMENT_METHODS, { error: PAYMENT_METHOD_SETTINGS_MESSAGES.unknownMethod }))
      .refine(
        (order) => order.length === PAYMENT_METHODS.length && PAYMENT_METHODS.every((m) => order.includes(m)),
        PAYMENT_METHOD_SETTINGS_MESSAGES.order,
      ),
    sepaMinDaysBeforeStart: z
      .number(PAYMENT_METHOD_SETTINGS_MESSAGES.sepaDays)
      .int(PAYMENT_METHOD_SETTINGS_MESSAGES.sepaDays)
      .min(SEPA_MIN_DAYS.min, PAYMENT_METHOD_SETTINGS_MESSAGES.sepaDays)
      .max(SEPA_MIN_DAYS.max, PAYMENT_METHOD_SETTINGS_MESSAGES.sepaDays),
  })
  .superRefine((value, ctx) => {
    // wallets are cards in Stripe's terms (payment_method_types 'card'): no wallet without the card
    if (value.enabled.includes('wallet') && !value.enabled.includes('card')) {
      ctx.addIssue({
        code: 'custom',
        path: ['enabled'],
        message: PAYMENT_METHOD_SETTINGS_MESSAGES.walletWithoutCard,
      });
    }
  }) satisfies z.ZodType<PaymentMethodSettings, unknown>;

/** POST …/payment/test/complete and …/decline: the method picked on the test page (default: the card). */
export const testPaymentBodySchema = z.object({
  method: z
    .enum(['card', 'wallet', 'paypal', 'klarna', 'billie'], {
      error: PAYMENT_METHOD_SETTINGS_MESSAGES.unknownMethod,
    })
    .optional(),
});

/** The outcomes of a SEPA test debit, as the test page names them. */
export const TEST_DEBIT_OUTCOMES = {
  succeeded: 'wird eingelöst',
  failed: 'wird abgelehnt',
  returned: 'wird später zurückgebucht',
} as const;

/** POST …/payment/test/debit: 'Lastschrift erteilen' with an IBAN and the outcome to simulate. */
export const testDebitBodySchema = z.object({
  iban: z
    .string('Bitte eine gültige IBAN eingeben.')
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine((iban) => isValidIBAN(iban), 'Bitte eine gültige IBAN eingeben.'),
  outcome: z.enum(['succeeded', 'failed', 'returned'], { error: 'Bitte ein Ergebnis wählen.' }),
});
