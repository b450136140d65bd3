// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { OPEN_PAYMENT_TEXTS, type OpenPayment } from '@shared/late-payments';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { MyTicketsPage } from './my-tickets-page';
import { makeUser } from './testing/ticket-fixtures';

// 'Offene Zahlungen' in Meine Tickets
// (docs/decisions/054-late-verdicts-and-returned-debits.md)

resetEachTest();
beforeEach(() => sessionStorage.clear());

const event = {
  title: 'Atem und Stille',
  slug: 'atem-und-stille',
  startTime: '2027-03-20T09:00:00.000Z',
  timezone: 'Europe/Berlin',
};
const open = (overrides: Partial<OpenPayment>): OpenPayment => ({
  bookingId: 'b1',
  orderNumber: 'WR-7K3Q9F',
  state: 'processing',
  amountCents: 5000,
  currency: 'EUR',
  payUntil: null,
  event,
  ...overrides,
});

describe('MyTicketsPage: Offene Zahlungen', () => {
  it('shows a payment in processing, a failed one and a returned debit with their dates', async () => {
    mockApi({
      'GET /api/tickets': () => json([]),
      'GET /api/waitlist': () => json({ entries: [] }),
      'GET /api/bank-transfers': () => json({ transfers: [] }),
      'GET /api/payments/open': () =>
        json({
          payments: [
            open({}),
            open({ bookingId: 'b2', state: 'failed', payUntil: '2027-03-01T17:30:00.000Z' }),
            open({ bookingId: 'b3', state: 'returned', payUntil: '2027-03-08T10:00:00.000Z' }),
          ],
        }),
    });
    renderPage(<MyTicketsPage />, { path: '/meine-tickets', user: makeUser() });
    const section = await screen.findByRole('region', { name: OPEN_PAYMENT_TEXTS.heading });
    const [processing, failed, returned] = within(section).getAllByRole('listitem');

    expect(within(processing!).getByText('Zahlung in Bearbeitung')).toBeTruthy();
    expect(
      within(processing!).getByRole('link', { name: 'Buchung WR-7K3Q9F ansehen' }).getAttribute('href'),
    ).toBe('/booking/b1/success');
    expect(within(failed!).getByText('Zahlung fehlgeschlagen')).toBeTruthy();
    expect(within(failed!).getByText('Bitte bezahle bis Mo., 01.03.2027, 18:30 Uhr erneut.')).toBeTruthy();
    expect(within(failed!).getByRole('link', { name: 'Jetzt bezahlen' }).getAttribute('href')).toBe(
      '/booking/b2/success',
    );
    expect(within(returned!).getByText('Zahlung zurückgebucht')).toBeTruthy();
    expect(
      within(returned!).getByText(
        /bis Mo\., 08\.03\.2027, 11:00 Uhr erneut, sonst wird die Buchung storniert/,
      ),
    ).toBeTruthy();
  });

  it('shows nothing without an open payment', async () => {
    mockApi({
      'GET /api/tickets': () => json([]),
      'GET /api/waitlist': () => json({ entries: [] }),
      'GET /api/bank-transfers': () => json({ transfers: [] }),
      'GET /api/payments/open': () => json({ payments: [] }),
    });
    renderPage(<MyTicketsPage />, { path: '/meine-tickets', user: makeUser() });
    await screen.findByRole('heading', { level: 1, name: 'Meine Tickets' });
    expect(screen.queryByRole('region', { name: OPEN_PAYMENT_TEXTS.heading })).toBeNull();
  });
});
