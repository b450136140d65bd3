// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { MyTicketsPage } from './my-tickets-page';
import { makeTicket, makeUser } from './testing/ticket-fixtures';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// 'Teilnahmebescheinigung' on the cards of Meine Tickets (docs/product/certificates.md#my-tickets)

const user = makeUser();
beforeEach(() => sessionStorage.clear());
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const card = (title: string) => within(screen.getByRole('article', { name: title }));

describe('MyTicketsPage: certificate link', () => {
  it('links the valid certificate of a past ticket, and nothing where there is none', async () => {
    const past = makeTicket({ startsInHours: -48 }).event;
    const certified = makeTicket({
      startsInHours: -48,
      cancellation: null,
      event: { ...past, title: 'Mit Bescheinigung' },
      certificate: { id: 'cert-1', code: 'K7M2Q9XW3HNP' },
    });
    const without = makeTicket({
      startsInHours: -48,
      cancellation: null,
      event: { ...past, title: 'Ohne Bescheinigung' },
      certificate: null,
    });
    mockApi({ 'GET /api/tickets': () => json([certified, without]) });
    renderPage(<MyTicketsPage />, { path: '/meine-tickets', user });

    fireEvent.click(await screen.findByRole('tab', { name: /Vergangen/ }));
    const link = card('Mit Bescheinigung').getByRole('link', { name: 'Teilnahmebescheinigung' });
    expect(link.getAttribute('href')).toBe('/api/certificates/cert-1/pdf');
    expect(link.hasAttribute('download')).toBe(true);
    expect(link.getAttribute('title')).toContain('K7M2Q9XW3HNP');
    expect(card('Ohne Bescheinigung').queryByRole('link', { name: 'Teilnahmebescheinigung' })).toBeNull();
  });
});
