// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { HelpPage } from './help-page';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';

// After a client-side navigation the legal and help texts ask GET /api/payments/config which ways to pay the
// shop offers (docs/product/site.md#payment-texts).

resetEachTest();

type Config = { provider: 'stripe' | 'test' | null; bankTransfer: { minDaysBeforeStart: number } | null };
const CARD: Config = { provider: 'stripe', bankTransfer: null };
const TRANSFER: Config = { provider: null, bankTransfer: { minDaysBeforeStart: 10 } };
const BOTH: Config = { provider: 'stripe', bankTransfer: { minDaysBeforeStart: 10 } };

function show(page: ReactElement, config: Config, path = '/') {
  mockApi({
    'GET /api/payments/config': () => json({ ...config, publishableKey: null }),
    'GET /api/events/atem': () =>
      json({ id: 'e1', slug: 'atem', title: 'Atem', shortDescription: null, imageUrl: null }),
  });
  return renderPage(page, { path, pattern: path === '/' ? undefined : '/event/:slug/login' });
}

const main = () => document.body.textContent ?? '';

describe.each([
  [
    'card only',
    CARD,
    /per Karte, Apple Pay oder Google Pay über unseren Zahlungsdienstleister Stripe\./,
    /Überweisung/,
  ],
  ['transfer only', TRANSFER, /bezahlst du per Überweisung \(Vorkasse\)/, /Stripe|Karte/],
  ['both', BOTH, /Stripe oder per Überweisung \(Vorkasse\)/, null],
] as const)('%s', (_name, config, terms, never) => {
  it('AGB § 3', async () => {
    show(<TermsPage />, config);
    await screen.findByText(terms);
    if (never) expect(screen.getByText(/Die Teilnahmegebühr ist spätestens/).textContent).not.toMatch(never);
  });

  it('the FAQ', async () => {
    show(<HelpPage />, config);
    const how = config.bankTransfer ? /per Überweisung \(Vorkasse\)/ : /bezahlst bequem per Karte/;
    await screen.findByText(how);
    if (config.provider === null) expect(main()).not.toMatch(/per Karte/);
  });

  it("the privacy page's 'Zahlung' names who processes the payment", async () => {
    show(<PrivacyPage />, config);
    if (config.bankTransfer) await screen.findByText(/Zahlung per Überweisung:/);
    const data = document.getElementById('daten')?.textContent ?? '';
    expect(data.includes('Datenschutzerklärung von Stripe')).toBe(config.provider !== null);
    expect(data.includes('IBAN des Kontos, von dem du überweist')).toBe(config.bankTransfer !== null);
  });
});
