import { describe, expect, it } from 'vitest';
import { paymentMethodName, USED_PAYMENT_METHODS, USED_PAYMENT_METHOD_LABELS } from './payment-methods';

// How a payment's method reads everywhere it is shown (docs/product/payments.md#method-names).

describe('paymentMethodName', () => {
  it('reads a stored method by its label, whatever the provider', () => {
    for (const method of USED_PAYMENT_METHODS)
      expect(paymentMethodName(method, 'stripe')).toBe(USED_PAYMENT_METHOD_LABELS[method]);
    expect(paymentMethodName('paypal')).toBe('PayPal');
    expect(paymentMethodName('sepa_debit', 'test')).toBe('SEPA-Lastschrift');
  });

  it('reads a payment from before methods were stored by its provider, a free one as nothing', () => {
    expect(paymentMethodName(null, 'bank_transfer')).toBe('Überweisung');
    expect(paymentMethodName(null, 'stripe')).toBe('Online (Stripe)');
    expect(paymentMethodName(undefined, 'test')).toBe('Testzahlung');
    expect(paymentMethodName(null, 'free')).toBe('');
    expect(paymentMethodName(null, null)).toBe('');
    // an unknown stored value falls back the same way
    expect(paymentMethodName('cash', 'stripe')).toBe('Online (Stripe)');
  });
});
