// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { MyTicketsPage } from './my-tickets-page';
import { makeTicket, makeUser } from './testing/ticket-fixtures';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// 'Rechnung' on the cards of Meine Tickets (issue 19): the booking's invoice as a PDF

const user = makeUser();
beforeEach(() => sessionStorage.clear());
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const card = (title: string) => within(screen.getByRole('article', { name: title }));

describe('MyTicketsPage: invoice link', () => {
  it('links the invoice PDF on the cards whose booking has one, and only there', async () => {
    const invoiced = makeTicket({
      event: { ...makeTicket().event, title: 'Mit Rechnung' },
      invoice: { id: 'inv-1', number: 'RE-2026-00042' },
    });
    const without = makeTicket({ event: { ...makeTicket().event, title: 'Ohne Rechnung' }, invoice: null });
    const older = makeTicket({ event: { ...makeTicket().event, title: 'Altes Feld fehlt' } });
    const cancelled = makeTicket({
      startsInHours: -48,
      status: 'canceled',
      cancellation: null,
      event: { ...makeTicket({ startsInHours: -48 }).event, title: 'Storniert' },
      invoice: { id: 'inv-2', number: 'RE-2026-00007' },
    });
    mockApi({ 'GET /api/tickets': () => json([invoiced, without, older, cancelled]) });
    renderPage(<MyTicketsPage />, { path: '/meine-tickets', user });

    await screen.findByRole('article', { name: 'Mit Rechnung' });
    const link = card('Mit Rechnung').getByRole('link', { name: 'Rechnung' });
    expect(link.getAttribute('href')).toBe('/api/invoices/inv-1/pdf');
    expect(link.getAttribute('download')).toBe('Rechnung-RE-2026-00042.pdf');
    expect(link.querySelector('svg')).toBeTruthy();
    // in the actions row, next to the ticket's download
    expect(link.previousElementSibling?.textContent).toContain('Ticket herunterladen');
    expect(card('Ohne Rechnung').queryByRole('link', { name: 'Rechnung' })).toBeNull();
    expect(card('Altes Feld fehlt').queryByRole('link', { name: 'Rechnung' })).toBeNull();

    // a cancelled booking keeps its invoice (the cancellation invoice goes out by mail)
    fireEvent.click(screen.getByRole('tab', { name: /Vergangen/ }));
    expect(card('Storniert').getByRole('link', { name: 'Rechnung' }).getAttribute('href')).toBe(
      '/api/invoices/inv-2/pdf',
    );
  });
});
