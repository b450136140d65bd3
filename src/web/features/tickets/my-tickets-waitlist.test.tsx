// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WAITLIST_MESSAGES, type MyWaitlistEntry } from '@shared/waitlist';
import { myWaitlistEntry } from '@web/testing/fixtures';
import { json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { useMyWaitlist } from '@web/lib/waitlist/get-my-waitlist';
import { MyTicketsPage } from './my-tickets-page';
import { makeUser } from './testing/ticket-fixtures';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// 'Warteliste' in Meine Tickets (docs/product/waiting-list.md#offers)

const user = makeUser();
beforeEach(() => sessionStorage.clear());
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const waiting = myWaitlistEntry({ id: 'w1', eventTitle: 'Atem und Stille', position: 2 });
const offer = myWaitlistEntry({
  id: 'w2',
  eventId: 'e2',
  eventSlug: 'klarheit',
  eventTitle: 'Klarheit finden',
  startTime: '2030-03-20T09:00:00.000Z',
  endTime: '2030-03-20T16:00:00.000Z',
  status: 'offered',
  position: null,
  offerExpiresAt: '2030-03-14T17:30:00.000Z',
});

function mockLists(entries: MyWaitlistEntry[]) {
  let current = entries;
  return mockApi({
    'GET /api/tickets': () => json([]),
    'GET /api/waitlist': () => json({ entries: current }),
    'DELETE /api/waitlist/w1': () => {
      current = current.filter((entry) => entry.id !== 'w1');
      return json({ message: WAITLIST_MESSAGES.left });
    },
    'DELETE /api/waitlist/w2': () => {
      current = current.filter((entry) => entry.id !== 'w2');
      return json({ message: WAITLIST_MESSAGES.declined });
    },
  });
}

const renderMyTickets = () => renderPage(<MyTicketsPage />, { path: '/meine-tickets', user });

/** What the page's waiting-list query holds, for a test that must know the answer was rendered. */
function ListState() {
  const { status, entries } = useMyWaitlist();
  return (
    <output aria-label="Wartelisten-Stand">{status === 'ready' ? `ready: ${entries.length}` : status}</output>
  );
}

describe('MyTicketsPage: Warteliste', () => {
  it('lists each entry with its event, date, place or offer and buttons', async () => {
    mockLists([waiting, offer]);
    renderMyTickets();
    const section = await screen.findByRole('region', { name: 'Warteliste' });
    const [first, second] = within(section).getAllByRole('listitem');

    const one = within(first!);
    expect(one.getByRole('link', { name: 'Atem und Stille' }).getAttribute('href')).toBe('/event/atem');
    expect(one.getByText('Nr. 2 auf der Warteliste')).toBeTruthy();
    expect(one.getByRole('button', { name: 'Warteliste verlassen' })).toBeTruthy();
    expect(one.queryByRole('link', { name: 'Platz jetzt buchen' })).toBeNull();

    const two = within(second!);
    expect(two.getByRole('link', { name: 'Klarheit finden' }).getAttribute('href')).toBe('/event/klarheit');
    expect(two.getByText('Mi., 20.03.2030, 10:00–17:00 Uhr')).toBeTruthy();
    expect(
      two.getByText('Dein Platz ist frei – für dich reserviert bis Do., 14.03.2030, 18:30 Uhr'),
    ).toBeTruthy();
    expect(two.getByRole('link', { name: 'Platz jetzt buchen' }).getAttribute('href')).toBe(
      '/checkout/e2?angebot=w2',
    );
    expect(two.getByRole('button', { name: 'Platz freigeben' })).toBeTruthy();
  });

  it('asks before leaving; "Abbrechen" keeps the entry, confirming removes it with the server’s message', async () => {
    const calls = mockLists([waiting]);
    renderMyTickets();
    const section = await screen.findByRole('region', { name: 'Warteliste' });
    fireEvent.click(within(section).getByRole('button', { name: 'Warteliste verlassen' }));
    let dialog = screen.getByRole('dialog', { name: 'Warteliste verlassen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(keysOf(calls)).not.toContain('DELETE /api/waitlist/w1');

    fireEvent.click(within(section).getByRole('button', { name: 'Warteliste verlassen' }));
    dialog = screen.getByRole('dialog', { name: 'Warteliste verlassen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Warteliste verlassen' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(WAITLIST_MESSAGES.left));
    expect(keysOf(calls)).toContain('DELETE /api/waitlist/w1');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Warteliste' })).toBeNull());
  });

  it('gives an offered seat back after asking', async () => {
    const calls = mockLists([offer]);
    renderMyTickets();
    const section = await screen.findByRole('region', { name: 'Warteliste' });
    fireEvent.click(within(section).getByRole('button', { name: 'Platz freigeben' }));
    const dialog = screen.getByRole('dialog', { name: 'Platz freigeben?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Platz freigeben' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(WAITLIST_MESSAGES.declined));
    expect(keysOf(calls)).toContain('DELETE /api/waitlist/w2');
  });

  it('shows no section without entries', async () => {
    mockLists([]);
    // a second reader of the list beside the page: both render the answer in the same commit
    renderPage(
      <>
        <MyTicketsPage />
        <ListState />
      </>,
      { path: '/meine-tickets', user },
    );
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Wartelisten-Stand' }).textContent).toBe('ready: 0'),
    );
    expect(screen.queryByRole('region', { name: 'Warteliste' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Warteliste' })).toBeNull();
  });
});
