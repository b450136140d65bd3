// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@shared/admin-dashboard';
import { apiError, json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { DashboardPage } from './dashboard-page';

resetEachTest();

const event = {
  id: 'e1',
  title: 'Sommerfest',
  status: 'published' as const,
  hidden: false,
  startTime: '2026-07-04T16:00:00.000Z',
  timezone: 'Europe/Berlin',
  createdAt: '2026-03-01T09:00:00.000Z',
};

const empty: AdminDashboard = {
  generatedAt: '2026-03-14T17:30:00.000Z',
  windowDays: 30,
  events: { active: 0, total: 0, byStatus: { draft: 0, published: 0, cancelled: 0, completed: 0 } },
  bookings: { confirmedTotal: 0, confirmedLastDays: 0, ticketsSoldTotal: 0, ticketsSoldLastDays: 0 },
  revenue: { live: { total: [], lastDays: [] }, test: { total: [], lastDays: [] } },
  revenueByMethod: { live: [], test: [] },
  revenueByCategory: { live: [], test: [] },
  revenueByCode: { live: [], test: [] },
  conversion: { confirmed: 0, started: 0, rate: null },
  newestEvents: [],
  newestBookings: [],
  upcomingEvents: [],
  missingOperatorData: [],
};

const filled: AdminDashboard = {
  ...empty,
  events: { active: 3, total: 5, byStatus: { draft: 1, published: 3, cancelled: 1, completed: 0 } },
  bookings: { confirmedTotal: 1234, confirmedLastDays: 12, ticketsSoldTotal: 2000, ticketsSoldLastDays: 30 },
  revenue: {
    live: {
      total: [{ currency: 'EUR', paidCents: 1_500_000, refundedCents: 4900, netCents: 1_495_100 }],
      lastDays: [{ currency: 'EUR', paidCents: 98_000, refundedCents: 0, netCents: 98_000 }],
    },
    test: {
      total: [{ currency: 'EUR', paidCents: 6000, refundedCents: 0, netCents: 6000 }],
      lastDays: [],
    },
  },
  conversion: { confirmed: 4, started: 6, rate: 4 / 6 },
  newestEvents: [{ ...event, id: 'e2', title: 'Neuer Entwurf', status: 'draft' }],
  newestBookings: [
    {
      id: 'b1',
      buyerName: 'Anna Alt',
      buyerEmail: 'anna@example.org',
      profileId: 'u1',
      eventId: 'e1',
      eventTitle: 'Sommerfest',
      quantity: 2,
      totalAmountCents: 9800,
      currency: 'EUR',
      status: 'pending',
      paymentStatus: 'pending',
      isTest: true,
      createdAt: '2026-03-14T10:00:00.000Z',
    },
  ],
  upcomingEvents: [
    {
      ...event,
      totalSeats: 20,
      availableSeats: 13,
      soldSeats: 3,
      offeredSeats: 1,
      heldSeats: 3,
      freeSeats: 13,
    },
  ],
};

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('section')!;
/** Intl separates amount and currency with a no-break space. */
const text = (element: HTMLElement) => element.textContent.replace(/[\u00a0\u202f]/g, ' ');

describe('DashboardPage', () => {
  it('shows the figures in German formats, the lists with their links and the seat bar', async () => {
    mockApi({ 'GET /api/admin/dashboard': () => json(filled) });
    renderPage(<DashboardPage />, { path: '/admin' });
    await screen.findByRole('heading', { name: 'Aktive Events' });
    expect(within(card('Aktive Events')).getByText('3', { selector: 'p' })).toBeTruthy();
    expect(within(card('Aktive Events')).getByText(/Entwurf:/).textContent).toBe('Entwurf: 1');
    expect(within(card('Gesamte Buchungen')).getByText('1.234', { selector: 'p' })).toBeTruthy();
    expect(text(card('Umsatz'))).toContain('14.951,00 €');
    expect(text(card('Umsatz'))).toContain('Letzte 30 Tage: 980,00 €');
    expect(text(card('Umsatz'))).toContain('nach Abzug von 49,00 € Erstattungen');
    expect(text(card('Umsatz'))).toContain('Testzahlungen (nicht enthalten): 60,00 €');
    expect(within(card('Conversion Rate')).getByText('66,7 %')).toBeTruthy();
    expect(text(card('Conversion Rate'))).toContain('4 von 6 begonnenen Checkouts bestätigt');

    const bar = within(card('Nächste Events')).getByRole('progressbar', {
      name: 'Verkaufte Plätze: Sommerfest',
    });
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(bar.getAttribute('aria-valuemax')).toBe('20');
    // a waiting-list offer is named apart, never counted as sold (docs/product/admin.md#seat-figures)
    const seats = '3 verkauft · 1 angeboten (Warteliste) · 3 reserviert · 13 frei von 20 Plätzen';
    expect(bar.getAttribute('aria-valuetext')).toBe(seats);
    expect(within(card('Nächste Events')).getByText(seats)).toBeTruthy();
    expect(
      within(card('Nächste Events')).getByRole('link', { name: 'Sommerfest' }).getAttribute('href'),
    ).toBe('/admin/events/e1/edit');
    expect(within(card('Neueste Events')).getByText('Entwurf')).toBeTruthy();
    expect(
      within(card('Neueste Events')).getByRole('link', { name: 'Neuer Entwurf' }).getAttribute('href'),
    ).toBe('/admin/events/e2/edit');

    const bookings = card('Neueste Buchungen');
    expect(within(bookings).getByRole('link', { name: 'Alle Buchungen' }).getAttribute('href')).toBe(
      '/admin/bookings',
    );
    expect(within(bookings).getByRole('link', { name: 'Anna Alt' }).getAttribute('href')).toBe(
      '/admin/bookings?user=u1',
    );
    expect(text(bookings)).toContain('2 Tickets · 98,00 €');
    expect(within(bookings).getByText('Ausstehend')).toBeTruthy();
    expect(within(bookings).getByText('Test')).toBeTruthy();
  });

  it('shows the money by payment method, test payments apart (docs/product/payments.md#method-names)', async () => {
    mockApi({
      'GET /api/admin/dashboard': () =>
        json({
          ...filled,
          revenueByMethod: {
            live: [
              { method: 'PayPal', currency: 'EUR', paidCents: 120_000 },
              { method: 'SEPA-Lastschrift', currency: 'EUR', paidCents: 30_000 },
            ],
            test: [{ method: 'Karte', currency: 'EUR', paidCents: 6000 }],
          },
        }),
    });
    renderPage(<DashboardPage />, { path: '/admin' });
    await screen.findByRole('heading', { name: 'Umsatz nach Zahlungsart' });
    const live = screen.getByRole('table', { name: 'Umsatz nach Zahlungsart' });
    const rows = within(live)
      .getAllByRole('row')
      .slice(1)
      .map((row) => text(row));
    expect(rows).toEqual(['PayPal1.200,00 €', 'SEPA-Lastschrift300,00 €']);
    const test = screen.getByRole('table', { name: 'Testzahlungen nach Zahlungsart' });
    expect(text(within(test).getAllByRole('row')[1]!)).toBe('Karte60,00 €');
    expect(text(card('Umsatz nach Zahlungsart'))).toContain('Testzahlungen (nicht enthalten)');
  });

  it('shows revenue by category and by code (docs/product/ticket-categories.md#invoice-lines)', async () => {
    mockApi({
      'GET /api/admin/dashboard': () =>
        json({
          ...filled,
          revenueByCategory: {
            live: [
              {
                eventId: 'e1',
                eventTitle: 'Retreat an der Heide',
                categoryName: 'Doppelzimmer',
                currency: 'EUR',
                ticketsSold: 2,
                paidCents: 34_200,
                refundedCents: 0,
                netCents: 34_200,
              },
              {
                eventId: 'e1',
                eventTitle: 'Retreat an der Heide',
                categoryName: 'Einzelzimmer',
                currency: 'EUR',
                ticketsSold: 0,
                paidCents: 10_800,
                refundedCents: 5_400,
                netCents: 5_400,
              },
            ],
            test: [],
          },
          revenueByCode: {
            live: [
              {
                code: 'FREUNDE10',
                currency: 'EUR',
                uses: 3,
                discountCents: 9_000,
                paidCents: 81_000,
                refundedCents: 5_400,
                netCents: 75_600,
              },
            ],
            test: [],
          },
        }),
    });
    renderPage(<DashboardPage />, { path: '/admin' });
    await screen.findByRole('heading', { name: 'Umsatz nach Ticketart' });
    const categories = screen.getByRole('table', { name: 'Umsatz nach Ticketart' });
    expect(
      within(categories)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Ticketart', 'Tickets', 'Bezahlt', 'Erstattet', 'Umsatz']);
    expect(
      within(categories)
        .getAllByRole('row')
        .slice(1)
        .map((row) => text(row)),
    ).toEqual([
      'DoppelzimmerRetreat an der Heide2342,00 €0,00 €342,00 €',
      'EinzelzimmerRetreat an der Heide0108,00 €54,00 €54,00 €',
    ]);
    const codes = screen.getByRole('table', { name: 'Umsatz nach Gutscheincode' });
    expect(
      within(codes)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Gutscheincode', 'Einlösungen', 'Rabatt', 'Umsatz']);
    expect(text(within(codes).getAllByRole('row')[1]!)).toBe('FREUNDE10390,00 €756,00 €');
  });

  it('shows zeros and empty states on a new shop', async () => {
    mockApi({ 'GET /api/admin/dashboard': () => json(empty) });
    renderPage(<DashboardPage />, { path: '/admin' });
    expect(await screen.findByText('Keine bevorstehenden Events.')).toBeTruthy();
    expect(screen.getByText('Noch keine Buchungen.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Erstes Event erstellen' }).getAttribute('href')).toBe(
      '/admin/events/new',
    );
    expect(text(card('Umsatz'))).toContain('0,00 €');
    expect(text(card('Umsatz'))).not.toContain('Testzahlungen');
    expect(within(card('Conversion Rate')).getByText('–')).toBeTruthy();
    expect(text(card('Conversion Rate'))).toContain('Keine Checkouts in den letzten 30 Tagen');
    expect(text(card('Umsatz nach Zahlungsart'))).toContain('Noch keine Zahlungen.');
    expect(text(card('Umsatz nach Ticketart'))).toContain('Noch keine bezahlten Tickets.');
    expect(text(card('Umsatz nach Gutscheincode'))).toContain('Noch keine Buchung mit Gutscheincode.');
  });

  it('warns while legal data is missing and names each missing field (docs/decisions/021)', async () => {
    mockApi({
      'GET /api/admin/dashboard': () =>
        json({ ...empty, missingOperatorData: ['name', 'registerNumber', 'contentResponsible'] }),
    });
    renderPage(<DashboardPage />, { path: '/admin' });
    const warning = (
      await screen.findByRole('heading', { name: 'Rechtliche Angaben unvollständig' })
    ).closest('section')!;
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Name des Anbieters', 'Registernummer', 'Verantwortlich für den Inhalt']);
    expect(
      within(warning)
        .getByRole('link', { name: 'In den Einstellungen unter „Rechtliches & Betreiber“ ergänzen' })
        .getAttribute('href'),
    ).toBe('/admin/settings#legal');
  });

  it('shows no legal warning once the data is complete', async () => {
    mockApi({ 'GET /api/admin/dashboard': () => json(empty) });
    renderPage(<DashboardPage />, { path: '/admin' });
    await screen.findByText('Keine bevorstehenden Events.');
    expect(screen.queryByRole('heading', { name: 'Rechtliche Angaben unvollständig' })).toBeNull();
  });

  it('says so when the figures cannot be loaded', async () => {
    mockApi({ 'GET /api/admin/dashboard': () => apiError(500, 'internal', 'kaputt') });
    renderPage(<DashboardPage />, { path: '/admin' });
    expect((await screen.findByRole('alert')).textContent).toBe('Das Dashboard konnte nicht geladen werden.');
  });
});
