// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WAITLIST_MESSAGES, type AdminWaitlist, type AdminWaitlistEntry } from '@shared/waitlist';
import { sessionUser } from '@web/testing/fixtures';
import { apiError, json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { WaitlistPage } from './waitlist-page';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// docs/product/waiting-list.md#admin-waitlist

const admin = sessionUser({ role: 'admin' });
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const entry = (overrides: Partial<AdminWaitlistEntry>): AdminWaitlistEntry => ({
  id: 'w1',
  position: 1,
  name: 'Anna Berg',
  email: 'anna@example.org',
  quantity: 1,
  seats: 1,
  status: 'waiting',
  joinedAt: '2030-02-01T09:15:00.000Z',
  offeredAt: null,
  offerExpiresAt: null,
  orderNumber: null,
  ...overrides,
});

const list = (entries: AdminWaitlistEntry[], event: Partial<AdminWaitlist['event']> = {}): AdminWaitlist => ({
  event: {
    id: 'e1',
    slug: 'yoga',
    title: 'Yoga am Morgen',
    startTime: '2030-03-14T17:30:00.000Z',
    timezone: 'Europe/Berlin',
    totalSeats: 20,
    availableSeats: 0,
    waitlistEnabled: true,
    offerHours: 24,
    ...event,
  },
  entries,
});

const ENTRIES = [
  entry({
    id: 'w0',
    position: null,
    name: 'Clara Kurz',
    email: 'clara@example.org',
    status: 'offered',
    offeredAt: '2030-03-01T08:00:00.000Z',
    offerExpiresAt: '2030-03-02T08:00:00.000Z',
  }),
  entry({}),
  entry({ id: 'w2', position: 2, name: 'Bernd Lang', email: 'bernd@example.org' }),
  entry({
    id: 'w3',
    position: null,
    name: 'Dora Weiß',
    email: 'dora@example.org',
    status: 'booked',
    orderNumber: 'WR-7K3Q9F',
  }),
  entry({ id: 'w4', position: null, name: 'Emil Roth', email: 'emil@example.org', status: 'expired' }),
];

const showPage = () =>
  renderPage(<WaitlistPage />, {
    path: '/admin/events/e1/warteliste',
    pattern: '/admin/events/:eventId/warteliste',
    user: admin,
  });

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('WaitlistPage', () => {
  it('shows the event, its seats and settings, and one row per entry in list order', async () => {
    mockApi({ 'GET /api/admin/events/e1/waitlist': () => json(list(ENTRIES)) });
    showPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Warteliste' })).toBeTruthy();
    expect(screen.getByText('Yoga am Morgen')).toBeTruthy();
    expect(screen.getByTestId('waitlist-summary').textContent).toBe(
      '0 von 20 Plätzen frei · Warteliste aktiv · Angebote gelten 24 Stunden',
    );
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Nr.', 'Name', 'E-Mail', 'Eingetragen', 'Status', 'Aktionen']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      '–',
      '1',
      '2',
      '–',
      '–',
    ]);

    const offered = within(rowOf('Clara Kurz'));
    expect(offered.getByText('Platz angeboten bis 02.03.2030 09:00')).toBeTruthy();
    expect(offered.queryByRole('button', { name: /Platz anbieten/ })).toBeNull();
    expect(offered.getByRole('button', { name: /Entfernen/ })).toBeTruthy();

    const waiting = within(rowOf('Anna Berg'));
    expect(waiting.getByText('anna@example.org')).toBeTruthy();
    expect(waiting.getByText('01.02.2030 10:15')).toBeTruthy();
    expect(waiting.getByText('Wartet')).toBeTruthy();
    expect(waiting.getByRole('button', { name: 'Platz anbieten: Anna Berg' })).toBeTruthy();

    const booked = within(rowOf('Dora Weiß'));
    expect(booked.getByText('Gebucht · WR-7K3Q9F')).toBeTruthy();
    expect(booked.queryByRole('button')).toBeNull();
    expect(within(rowOf('Emil Roth')).getByText('Angebot abgelaufen')).toBeTruthy();
  });

  it('offers a seat by hand and shows the server’s answer', async () => {
    const calls = mockApi({
      'GET /api/admin/events/e1/waitlist': () => json(list(ENTRIES)),
      'POST /api/admin/waitlist/w1/offer': () => json({ message: WAITLIST_MESSAGES.offered }),
      'POST /api/admin/waitlist/w2/offer': () => apiError(409, 'conflict', WAITLIST_MESSAGES.noSeatsForOffer),
    });
    showPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Platz anbieten: Anna Berg' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(WAITLIST_MESSAGES.offered));
    fireEvent.click(screen.getByRole('button', { name: 'Platz anbieten: Bernd Lang' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(WAITLIST_MESSAGES.noSeatsForOffer));
    expect(keysOf(calls).filter((key) => key.startsWith('POST'))).toEqual([
      'POST /api/admin/waitlist/w1/offer',
      'POST /api/admin/waitlist/w2/offer',
    ]);
    // read again after each action
    expect(keysOf(calls).filter((key) => key === 'GET /api/admin/events/e1/waitlist').length).toBeGreaterThan(
      1,
    );
  });

  it('removes an entry only after the question', async () => {
    const calls = mockApi({
      'GET /api/admin/events/e1/waitlist': () => json(list(ENTRIES)),
      'DELETE /api/admin/waitlist/w0': () => json({ message: WAITLIST_MESSAGES.removed }),
    });
    showPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Entfernen: Clara Kurz' }));
    let dialog = screen.getByRole('dialog', { name: 'Eintrag entfernen?' });
    expect(dialog.textContent).toContain('clara@example.org');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(keysOf(calls)).not.toContain('DELETE /api/admin/waitlist/w0');

    fireEvent.click(screen.getByRole('button', { name: 'Entfernen: Clara Kurz' }));
    dialog = screen.getByRole('dialog', { name: 'Eintrag entfernen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(WAITLIST_MESSAGES.removed));
    expect(keysOf(calls)).toContain('DELETE /api/admin/waitlist/w0');
  });

  it('says when nobody is on the list and when it is switched off', async () => {
    mockApi({
      'GET /api/admin/events/e1/waitlist': () =>
        json(list([], { waitlistEnabled: false, offerHours: 1, availableSeats: 3 })),
    });
    showPage();
    expect(await screen.findByText('Noch niemand auf der Warteliste.')).toBeTruthy();
    expect(screen.getByTestId('waitlist-summary').textContent).toBe(
      '3 von 20 Plätzen frei · Warteliste ausgeschaltet · Angebote gelten 1 Stunde',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the server’s message for an unknown event', async () => {
    mockApi({
      'GET /api/admin/events/e1/waitlist': () => apiError(404, 'not_found', 'Event nicht gefunden'),
    });
    showPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Event nicht gefunden');
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
  });
});
