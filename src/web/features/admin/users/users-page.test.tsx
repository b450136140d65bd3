// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserEntry } from '@shared/admin-users';
import { apiError, json, mockApi } from '@web/testing/mock-api';
import { renderPage } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { UsersPage } from './users-page';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const entry = (overrides: Partial<AdminUserEntry> = {}): AdminUserEntry => ({
  id: 'u1',
  email: 'anna@example.org',
  fullName: 'Anna Admin',
  displayName: null,
  phone: '+49 40 1',
  role: 'admin',
  globalMarketingEnabled: true,
  emailConfirmed: true,
  onboarded: false,
  createdAt: '2026-03-14T10:00:00.000Z',
  ...overrides,
});
const page = (users: AdminUserEntry[], total = users.length) => json({ users, total, page: 1, pageSize: 25 });

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('UsersPage', () => {
  it('shows the table with a bookings link, and the empty text', async () => {
    mockApi({ 'GET /api/admin/users': () => page([entry()]) });
    renderPage(<UsersPage />, { path: '/admin/users' });
    const row = (await screen.findByText('anna@example.org')).closest('tr')!;
    expect(within(row).getByText('Anna Admin')).toBeTruthy();
    expect((within(row).getByRole('combobox') as HTMLSelectElement).value).toBe('admin');
    expect(
      within(row)
        .getByRole('link', { name: /Buchungen/ })
        .getAttribute('href'),
    ).toBe('/admin/bookings?user=u1');
    expect(within(row).getAllByText('Ja')).toHaveLength(2);
    expect(within(row).getByText('Nein')).toBeTruthy();
    cleanup();
    mockApi({ 'GET /api/admin/users': () => page([]) });
    renderPage(<UsersPage />, { path: '/admin/users' });
    expect(await screen.findByText('Keine Benutzer gefunden')).toBeTruthy();
  });

  // issue 29 item 19 (docs/decisions/049-admin-screens-say-what-they-mean.md): no sideways scrolling on a phone
  it('shows a card per user on a phone, with the same data and controls', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: Number(/min-width:\s*([\d.]+)rem/.exec(query)?.[1] ?? 0) * 16 <= 390,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    );
    mockApi({ 'GET /api/admin/users': () => page([entry({ role: 'organizer' })]) });
    renderPage(<UsersPage />, { path: '/admin/users' });
    const card = within(await screen.findByRole('listitem', { name: 'anna@example.org' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(card.getByText('Anna Admin')).toBeTruthy();
    expect(card.getByText('+49 40 1')).toBeTruthy();
    expect(
      (card.getByRole('combobox', { name: 'Rolle von anna@example.org' }) as HTMLSelectElement).value,
    ).toBe('organizer');
    expect(card.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Telefon',
      'Newsletter',
      'E-Mail bestätigt',
      'Onboarding',
      'Erstellt',
    ]);
    expect(card.getByText(/14\.03\.2026/)).toBeTruthy();
    expect(card.getByRole('link', { name: 'Buchungen von anna@example.org' }).getAttribute('href')).toBe(
      '/admin/bookings?user=u1',
    );
    expect(card.getByRole('button', { name: 'anna@example.org löschen' })).toBeTruthy();
  });

  it('searches only after 250 ms without typing', async () => {
    const calls = mockApi({ 'GET /api/admin/users': () => page([entry()]) });
    renderPage(<UsersPage />, { path: '/admin/users' });
    await screen.findByText('anna@example.org');
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const box = screen.getByRole('searchbox', { name: 'Benutzer suchen' });
    fireEvent.change(box, { target: { value: 'an' } });
    fireEvent.change(box, { target: { value: 'anna' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(calls.filter((call) => call.key.includes('search='))).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(100));
    vi.useRealTimers();
    await waitFor(() =>
      expect(calls.map((call) => call.key)).toContain('GET /api/admin/users?page=1&search=anna'),
    );
    expect(calls.filter((call) => call.key.endsWith('search=an'))).toHaveLength(0);
  });

  it('shows the last-admin refusal with its German message and keeps the role', async () => {
    mockApi({
      'GET /api/admin/users': () => page([entry()]),
      'PATCH /api/admin/users': () =>
        apiError(409, 'last_admin', 'Der letzte Administrator kann nicht heruntergestuft werden.'),
    });
    renderPage(<UsersPage />, { path: '/admin/users' });
    const select = (await screen.findByRole('combobox', {
      name: 'Rolle von anna@example.org',
    })) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'attendee' } });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Der letzte Administrator kann nicht heruntergestuft werden.'),
    );
    expect(select.value).toBe('admin');
  });

  it('deletes only after the confirm dialog, which says what happens first', async () => {
    const calls = mockApi({
      'GET /api/admin/users': () => page([entry({ role: 'attendee' })]),
      'GET /api/admin/users/u1/deletion': () =>
        json({
          tickets: [
            {
              ticketId: 't1',
              ticketNumber: 'WR-1',
              eventTitle: 'Stille Tage',
              eventStart: '2027-01-07T10:00:00Z',
              refundCents: 12000,
              currency: 'EUR',
            },
            {
              ticketId: 't2',
              ticketNumber: 'WR-2',
              eventTitle: 'Stille Tage',
              eventStart: '2027-01-07T10:00:00Z',
              refundCents: 6000,
              currency: 'EUR',
            },
          ],
          totalRefundCents: 18000,
          currency: 'EUR',
          waitlistEntries: 0,
          keptInvoices: 1,
          lastAdmin: false,
        }),
      'DELETE /api/admin/users': () => json({ ok: true }),
    });
    renderPage(<UsersPage />, { path: '/admin/users' });
    fireEvent.click(await screen.findByRole('button', { name: 'anna@example.org löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Benutzer wirklich löschen?' });
    expect(
      await within(dialog).findByText(
        /Zuerst werden 2 Tickets für kommende Events gemäß der Stornierungsrichtlinie storniert/,
      ),
    ).toHaveProperty('textContent', expect.stringContaining('Erstattung insgesamt: 180,00\u00a0€.'));
    expect(within(dialog).getByText(/1 Rechnung bleibt für das Finanzamt 8 Jahre aufbewahrt/)).toBeTruthy();
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(calls.map((call) => call.key)).toContain('DELETE /api/admin/users?id=u1'));
  });

  it('creates a user and shows a duplicate e-mail refusal in the dialog', async () => {
    const calls = mockApi({
      'GET /api/admin/users': () => page([entry()]),
      'POST /api/admin/users': () =>
        apiError(409, 'conflict', 'Ein Benutzer mit dieser E-Mail-Adresse existiert bereits.'),
    });
    renderPage(<UsersPage />, { path: '/admin/users' });
    fireEvent.click(await screen.findByRole('button', { name: 'Neuer Benutzer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuer Benutzer' });
    fireEvent.change(within(dialog).getByLabelText('E-Mail'), { target: { value: ' Anna@Example.org ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Ein Benutzer mit dieser E-Mail-Adresse existiert bereits.',
    );
    expect(calls.find((call) => call.key === 'POST /api/admin/users')?.body).toEqual({
      email: 'anna@example.org',
      role: 'attendee',
    });
  });
});
