import { describe, expect, it } from 'vitest';
import { offerCheckoutPath } from '@shared/waitlist';
import type { MailEvent } from '@server/core/mail/templates/booking-mail-parts';
import type { MailContext } from '@server/core/mail/templates/mail-context';
import { waitlistOfferMail } from '@server/core/mail/templates/waitlist-offer';

// The offer mail of the waiting list (docs/product/waiting-list.md#offers, docs/product/waiting-list.md#offer-checkout).

const context: MailContext = {
  siteName: 'Wachstumsraum',
  logoUrl: 'https://shop.example.test/uploads/logo.png',
  supportEmail: 'hallo@shop.example.test',
  publicUrl: 'https://shop.example.test',
};
const event: MailEvent = {
  title: 'Klarheit finden',
  slug: 'klarheit-finden',
  // Sa., 12.12.2026, 10:00–17:00 in Berlin (UTC+1 in December).
  startTime: new Date('2026-12-12T09:00:00Z'),
  endTime: new Date('2026-12-12T16:00:00Z'),
  timezone: 'Europe/Berlin',
  location: 'Seminarhaus am See, Hamburg',
  mode: 'presence',
};
const eventId = '4b6f0a52-5c1e-4c1a-9d3e-2f8d7f4b1a10';
const entryId = '9e1d2c3b-4a5f-4e6d-8c7b-1a2b3c4d5e6f';
const checkoutUrl = `${context.publicUrl}${offerCheckoutPath(eventId, entryId)}`;

const mail = (overrides: Partial<Parameters<typeof waitlistOfferMail>[0]> = {}) =>
  waitlistOfferMail({
    context,
    event,
    name: 'Erika Mustermann',
    checkoutUrl,
    // 20:30 Berlin time on Thursday 10 December.
    offerExpiresAt: new Date('2026-12-10T19:30:00Z'),
    ...overrides,
  });

describe('waitlist offer mail', () => {
  it("is titled 'Dein Platz ist frei: {Titel}'", () => {
    expect(mail().subject).toBe('Dein Platz ist frei: Klarheit finden');
  });

  it('links the button to the checkout of the offer', () => {
    const { html, text } = mail();
    expect(checkoutUrl).toBe(`https://shop.example.test/checkout/${eventId}?angebot=${entryId}`);
    expect(html).toMatch(
      new RegExp(`<a href="${checkoutUrl.replace(/[.?]/g, '\\$&')}"[^>]*>Platz jetzt buchen</a>`),
    );
    expect(text).toContain(`Platz jetzt buchen: ${checkoutUrl}`);
  });

  it("names the end of the offer in the event's own zone", () => {
    for (const body of [mail().html, mail().text]) {
      expect(body).toContain('Reserviert bis');
      expect(body).toContain('Do., 10.12.2026, 20:30 Uhr');
    }
    expect(mail().text).toContain('Reserviert bis: Do., 10.12.2026, 20:30 Uhr');
    const newYork = mail({ event: { ...event, timezone: 'America/New_York' } });
    expect(newYork.text).toContain('Reserviert bis: Do., 10.12.2026, 14:30 Uhr');
  });

  it('greets the person, describes the event and says what happens when they cannot come', () => {
    const { html, text } = mail();
    for (const body of [html, text]) {
      expect(body).toContain('Dein Platz ist frei');
      expect(body).toContain('Hallo Erika Mustermann,');
      expect(body).toContain(
        'Für „Klarheit finden“ ist ein Platz frei geworden – und du bist als Nächstes dran.',
      );
      expect(body).toContain('Sa., 12.12.2026, 10:00–17:00 Uhr');
      expect(body).toContain('Seminarhaus am See, Hamburg');
      expect(body).toContain(
        'Wenn du nicht mehr teilnehmen kannst, gib den Platz auf der Buchungsseite frei – dann bekommt ihn die nächste Person auf der Warteliste.',
      );
      expect(body).toContain('Nach Ablauf der Zeit geht der Platz automatisch an die nächste Person.');
      expect(body).toContain('Fragen? Schreib uns an hallo@shop.example.test.');
    }
    expect(html).toMatch(/<h1[^>]*>Dein Platz ist frei<\/h1>/);
    expect(text).toContain('Veranstaltung: Klarheit finden');
    expect(text).toContain('Wo: Seminarhaus am See, Hamburg');
  });

  it('escapes a hostile title and name', () => {
    const evil = '<script>alert(1)</script>';
    const { html, subject } = mail({ name: evil, event: { ...event, title: evil } });
    expect(subject).toBe(`Dein Platz ist frei: ${evil}`);
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
