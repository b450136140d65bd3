// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EventLoginPage } from './event-login-page';
import { apiError, json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';

const at = (slug: string) =>
  renderPage(<EventLoginPage />, { path: `/event/${slug}/login`, pattern: '/event/:slug/login' });

beforeEach(() => sessionStorage.clear());
resetEachTest();

describe('EventLoginPage (docs/product/booking-and-seats.md#book-button)', () => {
  it("shows 'Event nicht gefunden' for an unknown event, not a sign-in card", async () => {
    mockApi({
      'GET /api/events/gibt-es-nicht': () => apiError(404, 'not_found', 'Event nicht gefunden'),
    });
    at('gibt-es-nicht');
    expect(await screen.findByRole('heading', { level: 1, name: 'Event nicht gefunden' })).toBeTruthy();
    expect(screen.queryByLabelText('E-Mail-Adresse')).toBeNull();
    expect(screen.queryByRole('link', { name: /Zurück zum Event/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Alle Veranstaltungen' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' }).getAttribute('href')).toBe('/login');
    expect(document.title).toContain('Event nicht gefunden');
  });

  it('brands the sign-in card with a known event', async () => {
    mockApi({
      'GET /api/events/atem': () =>
        json({
          id: 'e1',
          slug: 'atem',
          title: 'Atem und Stille',
          shortDescription: 'Ein Abend',
          imageUrl: null,
        }),
    });
    at('atem');
    expect(await screen.findByText('Atem und Stille')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Anmelden und buchen');
    expect(screen.getByLabelText('E-Mail-Adresse')).toBeTruthy();
  });
});

describe('EventLoginPage: the third step names the ways to pay the shop offers (docs/product/site.md#payment-texts)', () => {
  it.each([
    ['card only', 'stripe', null, 'Sicher per Karte bezahlen (über unseren Zahlungsanbieter)'],
    ['transfer only', null, { minDaysBeforeStart: 10 }, 'Per Überweisung bezahlen (Vorkasse)'],
    [
      'both',
      'stripe',
      { minDaysBeforeStart: 10 },
      'Per Karte (über unseren Zahlungsanbieter) oder per Überweisung bezahlen',
    ],
  ] as const)('%s', async (_name, provider, bankTransfer, step) => {
    mockApi({
      'GET /api/events/atem': () =>
        json({ id: 'e1', slug: 'atem', title: 'Atem und Stille', shortDescription: null, imageUrl: null }),
      'GET /api/payments/config': () => json({ provider, publishableKey: null, bankTransfer }),
    });
    at('atem');
    expect(await screen.findByText(step)).toBeTruthy();
  });
});
