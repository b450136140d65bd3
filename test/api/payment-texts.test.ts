import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_TRANSFER_TEXT } from '@shared/content/payment-texts';
import { publishEventChange } from '@server/core/events/event-changes';
import { createEvent } from '@server/demo/factories';
import type { TestApp } from '../helpers/app';
import { closeRenderingTestApp, createRenderingTestApp } from '../helpers/rendering-app';
import { signedInUser } from '../helpers/tickets';

// The legal and help texts follow the ways to pay the shop offers (docs/product/site.md#payment-texts), in
// the HTML the server renders too: AGB § 3, the FAQ (and its structured data in <head>), the privacy page's
// 'Zahlung' and the event sign-in page's steps. Card only (the test provider), card and transfer, transfer
// only (no provider, transfer switched on).

let t: TestApp;
let admin = '';
let eventSlug = '';
const TRANSFER = {
  enabled: true,
  accountHolder: 'Wachstumsraum GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  minDaysBeforeStart: 12,
};

beforeAll(async () => {
  t = await createRenderingTestApp('payment-texts');
  admin = (await signedInUser(t, 'admin')).cookie;
  const event = await createEvent(t.database.db, { slug: 'atem-und-stille', title: 'Atem und Stille' });
  await publishEventChange(t.database.db, event.id);
  eventSlug = event.slug;
});
afterAll(() => closeRenderingTestApp(t));

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

/** The server-rendered page: the text of its root element and its <head>. */
async function page(pathname: string) {
  const res = await t.app.request(pathname);
  expect(res.status).toBe(200);
  const html = await res.text();
  const root = /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1];
  expect(root, `${pathname} is server-rendered`).toBeTruthy();
  return { text: decode(root!), head: html.slice(0, html.indexOf('</head>')) };
}

async function setTransfer(enabled: boolean) {
  const res = await t.app.request('/api/admin/settings/bank-transfer', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', cookie: admin },
    body: JSON.stringify({ ...TRANSFER, enabled }),
  });
  expect(res.status).toBe(200);
}

/** Every page with payment texts, as one text. */
async function allPages() {
  const [terms, help, privacy, login] = await Promise.all([
    page('/agb'),
    page('/help'),
    page('/datenschutz'),
    page(`/event/${eventSlug}/login`),
  ]);
  // the privacy page's data section; its cookie section is another rule's (docs/product/site.md#cookie-banner)
  const data = privacy.text.slice(
    privacy.text.indexOf('Welche Daten wir erheben'),
    privacy.text.indexOf('Zwecke', privacy.text.indexOf('Welche Daten wir erheben')),
  );
  return { terms: terms.text, help: help.text, faqData: help.head, privacy: data, login: login.text };
}

describe('payment texts on the server-rendered pages', () => {
  it('card only: card and Stripe, no transfer', async () => {
    await setTransfer(false);
    const pages = await allPages();
    expect(pages.terms).toContain(
      'Bei einer Buchung über diese Website bezahlst du direkt beim Buchen per Karte, Apple Pay oder Google Pay über unseren Zahlungsdienstleister Stripe.',
    );
    expect(pages.help).toContain('bezahlst bequem per Karte, Apple Pay oder Google Pay.');
    expect(pages.faqData).toContain('bezahlst bequem per Karte, Apple Pay oder Google Pay.');
    expect(pages.privacy).toContain('Datenschutzerklärung von Stripe');
    expect(pages.login).toContain('Sicher per Karte bezahlen (über unseren Zahlungsanbieter)');
    for (const text of Object.values(pages)) expect(text).not.toContain('Überweisung');
  });

  it('card and transfer: both, with the lead time of the settings', async () => {
    await setTransfer(true);
    const pages = await allPages();
    expect(pages.terms).toContain(
      'über unseren Zahlungsdienstleister Stripe oder per Überweisung (Vorkasse)',
    );
    expect(pages.terms).toContain('mindestens 12 Tage entfernt');
    expect(pages.terms).toContain('auf das Konto, das du beim Stornieren angibst');
    expect(pages.help).toContain('per Karte, Apple Pay oder Google Pay oder, bei Veranstaltungen');
    expect(pages.faqData).toContain('auch per Überweisung (Vorkasse)');
    expect(pages.privacy).toContain('Datenschutzerklärung von Stripe');
    expect(pages.privacy).toContain(PRIVACY_TRANSFER_TEXT);
    expect(pages.login).toContain('Per Karte (über unseren Zahlungsanbieter) oder per Überweisung bezahlen');
  });

  it('transfer only (no card provider): no card, no Stripe, anywhere', async () => {
    await setTransfer(true);
    const { gateway } = t.services;
    const current = gateway.current.bind(gateway);
    gateway.current = async () => null;
    try {
      const pages = await allPages();
      expect(pages.terms).toContain(
        'Bei einer Buchung über diese Website bezahlst du per Überweisung (Vorkasse)',
      );
      expect(pages.help).toContain('bezahlst per Überweisung (Vorkasse)');
      expect(pages.faqData).toContain('bezahlst per Überweisung (Vorkasse)');
      expect(pages.privacy).toContain(PRIVACY_TRANSFER_TEXT);
      expect(pages.login).toContain('Per Überweisung bezahlen (Vorkasse)');
      for (const text of Object.values(pages)) expect(text).not.toMatch(/Karte, Apple Pay|Stripe|per Karte/);
    } finally {
      gateway.current = current;
    }
    // and back: the kept pages follow the answer, not the first render
    expect((await page('/agb')).text).toContain(
      'über unseren Zahlungsdienstleister Stripe oder per Überweisung',
    );
  });
});
