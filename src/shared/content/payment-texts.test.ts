import { describe, expect, it } from 'vitest';
import { faqEntries, FAQ_ENTRIES } from './faq';
import {
  CARD_ONLY,
  faqHowToPay,
  faqWhenPaid,
  offeredPaymentMethods,
  privacyPartnersText,
  signInPayStep,
  termsHowToPay,
  termsTransferRefund,
  type OfferedPaymentMethods,
} from './payment-texts';

// The legal and help texts follow the ways to pay the shop offers (docs/product/site.md#payment-texts).

const TRANSFER_ONLY: OfferedPaymentMethods = { card: false, bankTransfer: { minDaysBeforeStart: 10 } };
const BOTH: OfferedPaymentMethods = { card: true, bankTransfer: { minDaysBeforeStart: 10 } };
const NEITHER: OfferedPaymentMethods = { card: false, bankTransfer: null };

const allTexts = (methods: OfferedPaymentMethods) =>
  [
    signInPayStep(methods),
    faqHowToPay(methods),
    faqWhenPaid(methods),
    termsHowToPay(methods),
    termsTransferRefund(methods) ?? '',
  ].join(' ');

describe('offeredPaymentMethods', () => {
  it('reads GET /api/payments/config; before the answer, card as the spec says', () => {
    expect(offeredPaymentMethods(undefined)).toEqual(CARD_ONLY);
    expect(offeredPaymentMethods({ provider: 'stripe', bankTransfer: null })).toEqual(CARD_ONLY);
    expect(offeredPaymentMethods({ provider: 'test', bankTransfer: { minDaysBeforeStart: 14 } })).toEqual({
      card: true,
      bankTransfer: { minDaysBeforeStart: 14 },
    });
    expect(offeredPaymentMethods({ provider: null, bankTransfer: { minDaysBeforeStart: 10 } })).toEqual(
      TRANSFER_ONLY,
    );
    expect(offeredPaymentMethods({ provider: null, bankTransfer: null })).toEqual(NEITHER);
  });
});

describe("the admin's online methods (docs/product/payments.md#methods)", () => {
  const config = (enabled: string[]) =>
    offeredPaymentMethods({
      provider: 'stripe',
      bankTransfer: null,
      methods: {
        enabled: enabled as never,
        order: ['paypal', 'card', 'wallet', 'sepa_debit', 'klarna', 'billie'],
      },
    });

  it('names the switched-on methods in the admin order in the FAQ and the terms', () => {
    const methods = config(['card', 'wallet', 'paypal', 'sepa_debit']);
    expect(methods.online).toEqual(['paypal', 'card', 'wallet', 'sepa_debit']);
    expect(faqHowToPay(methods)).toMatch(
      /bezahlst bequem per PayPal, Karte, Apple Pay, Google Pay oder SEPA-Lastschrift\.$/,
    );
    expect(termsHowToPay(methods)).toContain(
      'per PayPal, Karte, Apple Pay, Google Pay oder SEPA-Lastschrift über',
    );
  });

  it('a wallet without the card is not offered; no online method at all is no online payment', () => {
    expect(config(['wallet', 'klarna']).online).toEqual(['klarna']);
    expect(config([]).card).toBe(false);
  });

  it('the privacy page names the providers Stripe hands the buyer to, and the debit, only when switched on', () => {
    expect(privacyPartnersText(config(['card', 'wallet']))).toBeNull();
    const text = privacyPartnersText(config(['card', 'paypal', 'klarna', 'sepa_debit']))!;
    expect(text).toMatch(/^Bezahlst du mit PayPal oder Klarna, gibt Stripe/);
    expect(text).toContain('SEPA-Lastschrift gibst du deine IBAN direkt bei Stripe ein');
    expect(text).toContain('Klarna auch für eine Prüfung deiner Zahlungsfähigkeit.');
    expect(text).not.toMatch(/Billie|Rechnungskauf/);
  });
});

describe('the texts, way by way', () => {
  it('card only: the texts as they were (the spec describes card payment)', () => {
    expect(signInPayStep(CARD_ONLY)).toBe('Sicher per Karte bezahlen (über unseren Zahlungsanbieter)');
    expect(termsHowToPay(CARD_ONLY)).toBe(
      'Bei einer Buchung über diese Website bezahlst du direkt beim Buchen per Karte, Apple Pay oder Google Pay über unseren Zahlungsdienstleister Stripe.',
    );
    expect(faqHowToPay(CARD_ONLY)).toMatch(/bezahlst bequem per Karte, Apple Pay oder Google Pay\.$/);
    expect(termsTransferRefund(CARD_ONLY)).toBeNull();
    expect(allTexts(CARD_ONLY)).not.toMatch(/Überweisung/);
    expect(faqEntries(CARD_ONLY)).toEqual(FAQ_ENTRIES);
  });

  it('transfer only: no card, no Stripe; the lead time, due date and what happens when nothing comes', () => {
    const texts = allTexts(TRANSFER_ONLY);
    expect(texts).not.toMatch(/Karte|Stripe|Apple Pay|Google Pay/);
    expect(signInPayStep(TRANSFER_ONLY)).toBe('Per Überweisung bezahlen (Vorkasse)');
    expect(faqHowToPay(TRANSFER_ONLY)).toContain('bezahlst per Überweisung (Vorkasse)');
    expect(faqHowToPay(TRANSFER_ONLY)).toContain('mindestens 10 Tage entfernt');
    expect(termsHowToPay(TRANSFER_ONLY)).toContain('per Überweisung (Vorkasse) auf unser Konto');
    expect(termsHowToPay(TRANSFER_ONLY)).toContain(
      '7 Tage nach der Bestellung, spätestens 7 Tage vor Beginn',
    );
    expect(termsHowToPay(TRANSFER_ONLY)).toContain('Ist 2 Tage nach der Frist kein Geld eingegangen');
    expect(termsTransferRefund(TRANSFER_ONLY)).toContain('auf das Konto, das du beim Stornieren angibst');
  });

  it('both: card through Stripe and transfer', () => {
    const texts = allTexts(BOTH);
    expect(signInPayStep(BOTH)).toBe(
      'Per Karte (über unseren Zahlungsanbieter) oder per Überweisung bezahlen',
    );
    expect(termsHowToPay(BOTH)).toMatch(
      /^Bei einer Buchung über diese Website bezahlst du direkt beim Buchen per Karte, Apple Pay oder Google Pay über unseren Zahlungsdienstleister Stripe oder per Überweisung \(Vorkasse\)/,
    );
    expect(faqHowToPay(BOTH)).toContain('per Karte, Apple Pay oder Google Pay oder, bei Veranstaltungen');
    expect(texts).toContain('mindestens 10 Tage');
    expect(termsTransferRefund(BOTH)).not.toBeNull();
  });

  it('neither: only free events can be booked, and the texts say so', () => {
    expect(allTexts(NEITHER)).not.toMatch(/Karte|Stripe|Überweisung/);
    expect(termsHowToPay(NEITHER)).toBe(
      'Kostenpflichtige Buchungen sind über diese Website derzeit nicht möglich.',
    );
  });

  it('says "1 Tag" for a lead time of one day', () => {
    expect(faqHowToPay({ card: false, bankTransfer: { minDaysBeforeStart: 1 } })).toContain(
      'mindestens 1 Tag entfernt',
    );
  });
});
