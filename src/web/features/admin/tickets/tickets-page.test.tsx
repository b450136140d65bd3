// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type {
  AdminCancelPreview,
  AdminTicketFilterOptions,
  AdminTicketPage,
  AdminTicketRow,
} from '@shared/admin-tickets';
import { apiError, json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { TicketsPage } from './tickets-page';
import { adminTicketRow } from './testing/ticket-fixtures';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const EVENT = {
  id: 'e1',
  title: 'Achtsamkeit im Alltag',
  startTime: '2030-05-01T08:00:00.000Z',
  timezone: 'Europe/Berlin',
};
const row = adminTicketRow;
const pageOf = (tickets: AdminTicketRow[], total = tickets.length): AdminTicketPage => ({
  total,
  page: 1,
  pageSize: 25,
  groups: tickets.length ? [{ event: EVENT, count: total, tickets }] : [],
});
const OPTIONS: AdminTicketFilterOptions = {
  events: [
    { id: 'e1', title: 'Achtsamkeit im Alltag', startTime: EVENT.startTime },
    { id: 'e2', title: 'Kommunikation', startTime: EVENT.startTime },
  ],
  users: [{ id: 'u1', email: 'greta@example.org', name: 'Greta Gans' }],
};
const PREVIEW: AdminCancelPreview = {
  ticketId: row().id,
  status: 'active',
  cancellable: true,
  event: EVENT,
  hoursLeft: 170,
  daysApprox: 7.1,
  priceCents: 4900,
  currency: 'EUR',
  refundableCents: 4900,
  policy: { id: 'p1', name: 'Flex', isActive: true },
  effectiveRule: { minHoursBeforeEvent: 168, refundType: 'percentage', refundValue: 0.7, priority: 1 },
  usesDefaultTiers: false,
  share: 0.7,
  refundCents: 3430,
  goodwillCents: 4900,
};

resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

/** Opens a row's '…' menu and returns its item (Radix opens on Enter as on a click). */
async function moreAction(ticket: RegExp, item: string) {
  const trigger = screen.getByRole('button', {
    name: new RegExp(`Weitere Aktionen für ${ticket.source}`),
  });
  fireEvent.keyDown(trigger, { key: 'Enter' });
  const menu = await screen.findByRole('menu');
  return within(menu).getByRole('menuitem', { name: item });
}

/** Opens the cancel dialog of ticket 0001, waits for its preview and confirms 'Stornieren'. */
async function cancelFirstTicket() {
  fireEvent.click(await screen.findByRole('button', { name: /Ticket 0001 \(Greta Gans\) stornieren/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Ticket stornieren' });
  await within(dialog).findByText(/Noch 170 Stunden/);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Stornieren' }));
}

const listCalls = (calls: { key: string }[]) =>
  calls.filter((call) => call.key.startsWith('GET /api/admin/tickets?')).map((call) => call.key);

describe('TicketsPage', () => {
  it('reads its filters from the URL and shows the tickets grouped per event with badges and links', async () => {
    const calls = mockApi({
      'GET /api/admin/tickets': () =>
        json(
          pageOf(
            [
              row({ cancellationRequested: true }),
              row({ id: 'bbbbbbbb-2', code: '0002', isTest: true, profileId: null }),
            ],
            12,
          ),
        ),
      'GET /api/admin/tickets/filters': () => json(OPTIONS),
    });
    renderPage(<TicketsPage />, {
      path: '/admin/bookings?search=gans&user=u1&status=active&onlyCancellationRequests=1',
    });
    const section = (await screen.findByRole('button', { name: /Achtsamkeit im Alltag/ })).closest(
      'section',
    )!;
    expect(within(section).getByText(/12 Tickets · 2 auf dieser Seite/)).toBeTruthy();
    expect(listCalls(calls)[0]).toBe(
      'GET /api/admin/tickets?search=gans&user=u1&status=active&onlyCancellationRequests=1&page=1&pageSize=25',
    );
    const first = within(section).getByText('aaaaaaaa').closest('tr')!;
    expect(within(first).getByText('STORNO-ANFRAGE')).toBeTruthy();
    // the booking's order number, in its own column (docs/decisions/020-order-numbers.md)
    expect(within(section).getByRole('columnheader', { name: 'Bestellnummer' })).toBeTruthy();
    expect(within(first).getByText('WR-7K3Q9F')).toBeTruthy();
    expect(
      within(first)
        .getByRole('link', { name: /Benutzer von/ })
        .getAttribute('href'),
    ).toBe('/admin/users?user=u1');
    const second = within(section).getByText('bbbbbbbb').closest('tr')!;
    expect(within(second).getByText('TEST')).toBeTruthy();
    expect(within(second).queryByRole('link')).toBeNull();
    expect((screen.getByRole('searchbox', { name: 'Tickets suchen' }) as HTMLInputElement).value).toBe(
      'gans',
    );
    expect(screen.getByText('Seite 1 / 1')).toBeTruthy();
    // collapsing hides the table
    fireEvent.click(within(section).getByRole('button', { name: /Achtsamkeit im Alltag/ }));
    expect(within(section).queryByText('aaaaaaaa')).toBeNull();
  });

  it('applies search (Enter), events, status and the checkboxes with Filtern', async () => {
    const calls = mockApi({
      'GET /api/admin/tickets': () => json(pageOf([row()])),
      'GET /api/admin/tickets/filters': () => json(OPTIONS),
    });
    renderPage(<TicketsPage />, { path: '/admin/bookings' });
    await screen.findByText('aaaaaaaa');
    const search = screen.getByRole('searchbox', { name: 'Tickets suchen' });
    fireEvent.change(search, { target: { value: ' 0001 ' } });
    fireEvent.submit(search.closest('form')!);
    await waitFor(() =>
      expect(listCalls(calls)).toContain('GET /api/admin/tickets?search=0001&page=1&pageSize=25'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Events' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Events durchsuchen' }), {
      target: { value: 'kommun' },
    });
    const panel = screen.getByRole('group', { name: 'Events' });
    expect(within(panel).queryByRole('checkbox', { name: /Achtsamkeit im Alltag/ })).toBeNull();
    fireEvent.click(within(panel).getByRole('checkbox', { name: /Kommunikation/ }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Fertig' }));
    expect(screen.queryByRole('group', { name: 'Events' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Events (1)' }));
    expect(screen.getByRole('button', { name: 'Events (1)' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'past' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Test ausblenden' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Nur Storno-Anfragen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Filtern' }));
    await waitFor(() =>
      expect(listCalls(calls)).toContain(
        'GET /api/admin/tickets?search=0001&event=e2&status=past&hideTest=1&onlyCancellationRequests=1&page=1&pageSize=25',
      ),
    );
  });

  it('shows the empty text and a load error message', async () => {
    mockApi({
      'GET /api/admin/tickets': () => json(pageOf([])),
      'GET /api/admin/tickets/filters': () => json(OPTIONS),
    });
    renderPage(<TicketsPage />, { path: '/admin/bookings' });
    expect(await screen.findByText('Keine Tickets gefunden.')).toBeTruthy();
    cleanup();
    mockApi({
      'GET /api/admin/tickets': () => apiError(422, 'validation_failed', 'Ungültiger Filter.'),
      'GET /api/admin/tickets/filters': () => json(OPTIONS),
    });
    renderPage(<TicketsPage />, { path: '/admin/bookings?event=x' });
    expect(await screen.findByText('Ungültiger Filter.')).toBeTruthy();
  });

  it('cancels with the policy preview, goodwill or a checked fixed amount', async () => {
    const calls = mockApi({
      'GET /api/admin/tickets': () => json(pageOf([row()])),
      'GET /api/admin/tickets/filters': () => json(OPTIONS),
      [`GET /api/admin/tickets/${row().id}/cancel-preview`]: () => json(PREVIEW),
      [`POST /api/admin/tickets/${row().id}/cancel`]: () =>
        json({
          refund: { amountCents: 4900, currency: 'EUR' },
          message: 'Stornierung erfolgreich. Erstattung: 49,00 EUR',
        }),
    });
    renderPage(<TicketsPage />, { path: '/admin/bookings' });
    fireEvent.click(await screen.findByRole('button', { name: /Ticket 0001 \(Greta Gans\) stornieren/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ticket stornieren' });
    expect(await within(dialog).findByText('Noch 170 Stunden bis zum Beginn (ca. 7,1 Tage)')).toBeTruthy();
    const policy = within(dialog).getByRole('radio', {
      name: /Richtlinie „Flex“: 70 % ab 1 Woche vor Beginn/,
    });
    expect((policy as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText(/Erstattung:/).textContent).toMatch(/34,30\s€/);

    fireEvent.click(within(dialog).getByRole('radio', { name: /Fester Betrag/ }));
    fireEvent.change(within(dialog).getByLabelText('Betrag in Euro'), { target: { value: '-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stornieren' }));
    expect(await within(dialog).findByText('Betrag ungültig')).toBeTruthy();
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('radio', { name: /Kulanz \(100 %\)/ }));
    expect(within(dialog).getByText(/Erstattung:/).textContent).toMatch(/49,00\s€/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stornieren' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Stornierung erfolgreich. Erstattung: 49,00 EUR'),
    );
    expect(calls.find((call) => call.key.startsWith('POST'))?.body).toEqual({
      override: { type: 'goodwill' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('confirms a cancel with a toast as soon as the server answered, while the list still reloads', async () => {
    let listCalls = 0;
    mockApi({
      // the first load answers; the reload after the cancel does not (a slow list must not hide the toast)
      'GET /api/admin/tickets': () =>
        ++listCalls === 1 ? json(pageOf([row()])) : new Promise<Response>(() => undefined),
      'GET /api/admin/tickets/filters': () => json(OPTIONS),
      [`GET /api/admin/tickets/${row().id}/cancel-preview`]: () => json(PREVIEW),
      [`POST /api/admin/tickets/${row().id}/cancel`]: () =>
        json({ refund: { amountCents: 3430, currency: 'EUR' }, message: '' }),
    });
    renderPage(<TicketsPage />, { path: '/admin/bookings' });
    await cancelFirstTicket();
    // an empty server message still gives the success words
    // (docs/product/tickets-and-refunds.md#cancel-button-label)
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Stornierung erfolgreich. Erstattung: 34,30 EUR'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listCalls).toBe(2)); // and the list does reload
  });

  it('reports failures with their texts: PDF, cancel, delete, re-render', async () => {
    mockApi({
      'GET /api/admin/tickets': () => json(pageOf([row()])),
      'GET /api/admin/tickets/filters': () => json(OPTIONS),
      [`GET /api/tickets/${row().id}/pdf`]: () => apiError(404, 'not_found', 'Ticket nicht gefunden.'),
      [`GET /api/admin/tickets/${row().id}/cancel-preview`]: () => json(PREVIEW),
      [`POST /api/admin/tickets/${row().id}/cancel`]: () =>
        apiError(409, 'conflict', 'Dieses Ticket wurde bereits storniert.'),
      [`DELETE /api/admin/tickets/${row().id}`]: () => apiError(500, 'internal', 'kaputt'),
      [`POST /api/admin/tickets/${row().id}/preview`]: () => apiError(500, 'internal', 'Renderer aus'),
    });
    renderPage(<TicketsPage />, { path: '/admin/bookings' });
    fireEvent.click(await screen.findByRole('button', { name: /PDF von Ticket 0001/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('PDF Fehler: 404'));

    fireEvent.click(await moreAction(/Ticket 0001/, 'Vorschau neu rendern'));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Fehler beim Neu-Rendern', { description: 'Renderer aus' }),
    );

    await cancelFirstTicket();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Fehler beim Stornieren', {
        description: 'Dieses Ticket wurde bereits storniert.',
      }),
    );

    fireEvent.click(await moreAction(/Ticket 0001/, 'Löschen'));
    const confirm = await screen.findByRole('dialog', { name: 'Ticket wirklich löschen?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Fehler beim Löschen', { description: 'kaputt' }),
    );
  });

  it('acts on the selection: bulk bar with CSV (Auswahl) and delete', async () => {
    const calls = mockApi({
      'GET /api/admin/tickets': () => json(pageOf([row(), row({ id: 'bbbbbbbb-2', code: '0002' })])),
      'GET /api/admin/tickets/filters': () => json(OPTIONS),
      'DELETE /api/admin/tickets/bbbbbbbb-2': () => json({ ok: true }),
      [`DELETE /api/admin/tickets/${row().id}`]: () => json({ ok: true }),
    });
    renderPage(<TicketsPage />, { path: '/admin/bookings' });
    fireEvent.click(await screen.findByRole('checkbox', { name: /Alle Tickets von/ }));
    const bar = screen.getByRole('region', { name: 'Aktionen für die Auswahl' });
    expect(within(bar).getByText(/2 Tickets ausgewählt/)).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'CSV (Auswahl)' })).toBeTruthy();
    // the row menu's words, not the spec's 'Preview neu' (docs/decisions/049-admin-screens-say-what-they-mean.md)
    expect(within(bar).getByRole('button', { name: 'Vorschau neu rendern' })).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Löschen' }));
    const confirm = await screen.findByRole('dialog', { name: '2 Tickets wirklich löschen?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('2 Tickets gelöscht'));
    expect(calls.filter((call) => call.key.startsWith('DELETE'))).toHaveLength(2);
  });
});

describe('TicketsPage: Übertragen (docs/product/tickets-and-refunds.md#ticket-transfer)', () => {
  it('opens the transfer dialog from the row menu and posts to the admin endpoint', async () => {
    let transferred = false;
    const calls = mockApi({
      'GET /api/admin/tickets': () => json(pageOf([row(transferred ? { holderName: 'Max Muster' } : {})])),
      'GET /api/admin/tickets/filters': () => json(OPTIONS),
      [`POST /api/admin/tickets/${row().id}/transfer`]: () => {
        transferred = true;
        return json({ id: row().id });
      },
    });
    renderPage(<TicketsPage />, { path: '/admin/bookings' });
    await screen.findByText('aaaaaaaa');
    fireEvent.click(await moreAction(/Ticket 0001/, 'Übertragen'));
    const dialog = await screen.findByRole('dialog', { name: 'Ticket übertragen' });
    expect(within(dialog).getByText('Ticket 0001 · Achtsamkeit im Alltag')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Übertragen' }));
    expect(await within(dialog).findByText('Bitte gib den Namen der Ersatzperson ein.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Name der Ersatzperson'), {
      target: { value: 'Max Muster' },
    });
    fireEvent.change(within(dialog).getByLabelText('E-Mail der Ersatzperson'), {
      target: { value: 'max@example.org' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übertragen' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Ticket an Max Muster übertragen.'));
    expect(calls.find((call) => call.key === `POST /api/admin/tickets/${row().id}/transfer`)?.body).toEqual({
      name: 'Max Muster',
      email: 'max@example.org',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Max Muster')).toBeTruthy();
  });

  it('keeps the dialog open with the server message on a failure', async () => {
    mockApi({
      'GET /api/admin/tickets': () => json(pageOf([row()])),
      'GET /api/admin/tickets/filters': () => json(OPTIONS),
      [`POST /api/admin/tickets/${row().id}/transfer`]: () =>
        apiError(422, 'some_error', 'Eingecheckte Tickets können nicht übertragen werden.'),
    });
    renderPage(<TicketsPage />, { path: '/admin/bookings' });
    await screen.findByText('aaaaaaaa');
    fireEvent.click(await moreAction(/Ticket 0001/, 'Übertragen'));
    const dialog = await screen.findByRole('dialog', { name: 'Ticket übertragen' });
    fireEvent.change(within(dialog).getByLabelText('Name der Ersatzperson'), {
      target: { value: 'Max Muster' },
    });
    fireEvent.change(within(dialog).getByLabelText('E-Mail der Ersatzperson'), {
      target: { value: 'max@example.org' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Übertragen' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Übertragung fehlgeschlagen', {
        description: 'Eingecheckte Tickets können nicht übertragen werden.',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Ticket übertragen' })).toBeTruthy();
  });

  it('offers it for active tickets before the event only', async () => {
    mockApi({
      'GET /api/admin/tickets': () =>
        json(pageOf([row({ status: 'canceled' }), row({ id: 'bbbbbbbb-2', code: '0002', past: true })])),
      'GET /api/admin/tickets/filters': () => json(OPTIONS),
    });
    renderPage(<TicketsPage />, { path: '/admin/bookings' });
    await screen.findByText('aaaaaaaa');
    expect((await moreAction(/Ticket 0001/, 'Übertragen')).getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect((await moreAction(/Ticket 0002/, 'Übertragen')).getAttribute('aria-disabled')).toBe('true');
  });
});
