// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BANK_TRANSFER_MESSAGES } from '@shared/bank-transfer';
import { TICKET_MESSAGES } from '@shared/tickets';
import { toast } from '@web/lib/toast';
import { transferInstructions } from '@web/testing/bank-transfer-fixtures';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { MyTicketsPage } from './my-tickets-page';
import { makeUser } from './testing/ticket-fixtures';

// 'Offene Überweisungen' in Meine Tickets (docs/product/bank-transfer.md#instructions)

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const user = makeUser();
beforeEach(() => sessionStorage.clear());
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const renderMyTickets = () => renderPage(<MyTicketsPage />, { path: '/meine-tickets', user });

describe('MyTicketsPage: Offene Überweisungen', () => {
  it('lists each open transfer with what to transfer and a link to its booking', async () => {
    mockApi({
      'GET /api/tickets': () => json([]),
      'GET /api/waitlist': () => json({ entries: [] }),
      'GET /api/bank-transfers': () =>
        json({
          transfers: [
            transferInstructions(),
            transferInstructions({
              bookingId: 'b2',
              orderNumber: 'WR-ABCDEF',
              eventTitle: 'Klarheit finden',
              reference: 'WR-ABCDEF-X',
              amountCents: 1500,
              paidCents: 1000,
              totalCents: 2500,
            }),
          ],
        }),
    });
    renderMyTickets();
    const section = await screen.findByRole('region', { name: 'Offene Überweisungen' });
    const [first, second] = within(section).getAllByRole('listitem');

    const one = within(first!);
    expect(one.getByRole('heading', { level: 3, name: 'Atem und Stille' })).toBeTruthy();
    expect(one.getByText('WR-7K3Q9F-M')).toBeTruthy();
    expect(one.getByText(BANK_TRANSFER_MESSAGES.chosen)).toBeTruthy();
    expect(one.getByRole('img', { name: 'GiroCode zum Scannen mit deiner Banking-App' })).toBeTruthy();
    expect(one.getByRole('link', { name: 'Buchung WR-7K3Q9F ansehen' }).getAttribute('href')).toBe(
      '/booking/b1/success',
    );

    const two = within(second!);
    expect(two.getByText('WR-ABCDEF-X')).toBeTruthy();
    expect(two.getByText('Bereits eingegangen: 10,00 € von 25,00 €')).toBeTruthy();
    expect(two.getByText('15,00 €')).toBeTruthy();
  });

  it('shows no section without open transfers', async () => {
    let answered = false;
    mockApi({
      'GET /api/tickets': () => json([]),
      'GET /api/waitlist': () => json({ entries: [] }),
      'GET /api/bank-transfers': () => {
        answered = true;
        return json({ transfers: [] });
      },
    });
    const { client } = renderMyTickets();
    expect(await screen.findByText(TICKET_MESSAGES.empty)).toBeTruthy();
    await waitFor(() => expect(client.getQueryData(['bank-transfers', 'mine', user.id])).toBeTruthy());
    expect(answered).toBe(true);
    expect(screen.queryByRole('region', { name: 'Offene Überweisungen' })).toBeNull();
    expect(screen.queryByText('Offene Überweisungen')).toBeNull();
  });
});
