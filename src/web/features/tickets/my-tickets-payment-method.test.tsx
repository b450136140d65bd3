// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { MyTicketsPage } from './my-tickets-page';
import { makeTicket, makeUser } from './testing/ticket-fixtures';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// The payment method on the cards of Meine Tickets (docs/product/payments.md#method-names)

const user = makeUser();
beforeEach(() => sessionStorage.clear());
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const card = (title: string) => within(screen.getByRole('article', { name: title }));
const titled = (title: string, paymentMethod: string | null | undefined) =>
  makeTicket({ event: { ...makeTicket().event, title }, paymentMethod });

describe('MyTicketsPage: payment method', () => {
  it('names what the booking was paid with, and nothing for a free or unknown one', async () => {
    mockApi({
      'GET /api/tickets': () =>
        json([
          titled('Mit PayPal', 'PayPal'),
          titled('Mit Lastschrift', 'SEPA-Lastschrift'),
          titled('Kostenlos', null),
          titled('Altes Feld fehlt', undefined),
        ]),
    });
    renderPage(<MyTicketsPage />, { path: '/meine-tickets', user });

    await screen.findByRole('article', { name: 'Mit PayPal' });
    expect(card('Mit PayPal').getByText('Zahlungsart: PayPal')).toBeTruthy();
    expect(card('Mit Lastschrift').getByText('Zahlungsart: SEPA-Lastschrift')).toBeTruthy();
    expect(card('Kostenlos').queryByText(/Zahlungsart/)).toBeNull();
    expect(card('Altes Feld fehlt').queryByText(/Zahlungsart/)).toBeNull();
  });
});
