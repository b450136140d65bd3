// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTicket, makeUser } from '@web/features/tickets/testing/ticket-fixtures';
import { toast } from '@web/lib/toast';
import { apiError, json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { MyTicketsRoute } from './my-tickets-route';

// 'Meine Tickets' with the admin tickets area's actions, as the router shows it
// (docs/decisions/052-admin-areas-as-features.md).
vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const user = makeUser();
const admin = makeUser({ id: 'admin-1', role: 'admin' });
const renderMyTickets = (signedIn: typeof user) =>
  renderPage(<MyTicketsRoute />, { path: '/meine-tickets', user: signedIn });

beforeEach(() => sessionStorage.clear());
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const cards = () => screen.queryAllByRole('article');
const titlesShown = () => cards().map((card) => within(card).getByRole('heading').textContent);

describe('MyTicketsPage: admin actions', () => {
  it('are hidden from attendees', async () => {
    mockApi({ 'GET /api/tickets': () => json([makeTicket()]) });
    renderMyTickets(user);
    const card = await screen.findByRole('article');
    expect(within(card).queryByRole('button', { name: 'Vorschau aktualisieren' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Löschen' })).toBeNull();
  });

  it('delete after a confirmation, removing the ticket', async () => {
    const kept = makeTicket();
    const doomed = makeTicket();
    let deleted = false;
    const calls = mockApi({
      'GET /api/tickets': () => json(deleted ? [kept] : [kept, doomed]),
      [`DELETE /api/admin/tickets/${doomed.id}`]: () => {
        deleted = true;
        return json({ ok: true });
      },
    });
    renderMyTickets(admin);
    fireEvent.click(
      within(await screen.findByRole('article', { name: doomed.event.title })).getByRole('button', {
        name: 'Löschen',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ticket löschen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Ticket gelöscht', {
        description: 'Das Ticket wurde entfernt.',
      }),
    );
    expect(keysOf(calls)).toContain(`DELETE /api/admin/tickets/${doomed.id}`);
    await waitFor(() => expect(titlesShown()).toEqual([kept.event.title]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('report failures of delete and preview', async () => {
    const ticket = makeTicket();
    mockApi({
      'GET /api/tickets': () => json([ticket]),
      [`DELETE /api/admin/tickets/${ticket.id}`]: () => apiError(403, 'some_error', 'Nur für Admins.'),
      [`POST /api/admin/tickets/${ticket.id}/preview`]: () => new Response('', { status: 500 }),
    });
    renderMyTickets(admin);
    const card = await screen.findByRole('article');
    fireEvent.click(within(card).getByRole('button', { name: 'Vorschau aktualisieren' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Vorschau fehlgeschlagen', { description: undefined }),
    );

    fireEvent.click(within(card).getByRole('button', { name: 'Löschen' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Löschen' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Löschen fehlgeschlagen', { description: 'Nur für Admins.' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cards()).toHaveLength(1);
  });

  it('refreshes the preview', async () => {
    const ticket = makeTicket();
    const calls = mockApi({
      'GET /api/tickets': () => json([ticket]),
      [`POST /api/admin/tickets/${ticket.id}/preview`]: () => json({ ok: true }),
    });
    renderMyTickets(admin);
    fireEvent.click(
      within(await screen.findByRole('article')).getByRole('button', { name: 'Vorschau aktualisieren' }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Vorschau aktualisiert'));
    expect(keysOf(calls)).toContain(`POST /api/admin/tickets/${ticket.id}/preview`);
  });
});
