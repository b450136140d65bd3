// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminTicketFilterOptions, AdminTicketPage } from '@shared/admin-tickets';
import { saveBlob } from '@web/lib/save-blob';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { adminTicketRow } from './testing/ticket-fixtures';
import { TicketsPage } from './tickets-page';

// 'Filtern' keeps the page size; the CSV buttons say what their files hold (docs/decisions/025-back-office-layout.md)
vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('@web/lib/save-blob', () => ({ saveBlob: vi.fn() }));

const EVENT = {
  id: 'e1',
  title: 'Achtsamkeit im Alltag',
  startTime: '2030-05-01T08:00:00.000Z',
  timezone: 'Europe/Berlin',
};
const ROW = adminTicketRow();
const PAGE: AdminTicketPage = {
  total: 137,
  page: 1,
  pageSize: 25,
  groups: [{ event: EVENT, count: 137, tickets: [ROW] }],
};
const OPTIONS: AdminTicketFilterOptions = { events: [], users: [] };

const csv = () => new Response('\uFEFFticket_id\r\n', { headers: { 'Content-Type': 'text/csv' } });
/** The queries of the requests to `path`, their parameters sorted (the order carries no meaning). */
const queries = (calls: { key: string }[], path: string) =>
  calls
    .filter((call) => call.key.startsWith(`GET ${path}?`))
    .map((call) => call.key)
    .map((key) => {
      const params = new URLSearchParams(key.split('?')[1]);
      params.sort();
      return params.toString();
    });

resetEachTest(vi.mocked(saveBlob));

describe('TicketsPage paging and CSV', () => {
  it('keeps the chosen page size when the filters are applied with "Filtern"', async () => {
    const calls = mockApi({
      'GET /api/admin/tickets': () => json(PAGE),
      'GET /api/admin/tickets/filters': () => json(OPTIONS),
    });
    renderPage(<TicketsPage />, { path: '/admin/bookings' });
    fireEvent.change(await screen.findByLabelText('Pro Seite'), { target: { value: '50' } });
    await waitFor(() => expect(queries(calls, '/api/admin/tickets')).toContain('page=1&pageSize=50'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Tickets suchen' }), {
      target: { value: 'gans' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Filtern' }));
    await waitFor(() =>
      expect(queries(calls, '/api/admin/tickets')).toContain('page=1&pageSize=50&search=gans'),
    );
    expect((screen.getByLabelText('Pro Seite') as HTMLSelectElement).value).toBe('50');
  });

  it('names the buttons for their files: the page shown, and every match of the applied filters', async () => {
    const calls = mockApi({
      'GET /api/admin/tickets': () => json({ ...PAGE, page: 2 }),
      'GET /api/admin/tickets/filters': () => json(OPTIONS),
      'GET /api/admin/tickets/export.csv': csv,
    });
    renderPage(<TicketsPage />, { path: '/admin/bookings?status=active&page=2' });
    fireEvent.click(await screen.findByRole('button', { name: 'CSV (alle 137 Tickets)' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.anything(), 'tickets-alle.csv'));
    expect(queries(calls, '/api/admin/tickets/export.csv')).toEqual(['page=1&pageSize=all&status=active']);

    fireEvent.click(screen.getByRole('button', { name: 'CSV (Seite 2)' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.anything(), 'tickets-page-2.csv'));
    expect(queries(calls, '/api/admin/tickets/export.csv')[1]).toBe('page=2&pageSize=25&status=active');
  });

  it('offers one button when all matches are on the page ("Alle")', async () => {
    mockApi({
      'GET /api/admin/tickets': () => json({ ...PAGE, pageSize: 0 }),
      'GET /api/admin/tickets/filters': () => json(OPTIONS),
    });
    renderPage(<TicketsPage />, { path: '/admin/bookings?pageSize=all' });
    expect(await screen.findByRole('button', { name: 'CSV (alle 137 Tickets)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /CSV \(Seite/ })).toBeNull();
  });
});
