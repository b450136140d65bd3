// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { WAITLIST_MESSAGES } from '@shared/waitlist';
import { myWaitlistEntry, publicEvent, sessionUser } from '@web/testing/fixtures';
import { json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { queryKeys } from '@web/lib/query-keys';
import { toast } from '@web/lib/toast';
import { EventWaitlist } from './event-waitlist';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

// docs/product/waiting-list.md#join, docs/product/waiting-list.md#offers

const NOW = new Date();
const soldOut = publicEvent({ availableSeats: 0, waitlistEnabled: true });
const user = sessionUser({ fullName: 'Anna Berg' });

resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error), vi.mocked(toast.info));

const show = (event = soldOut, signedIn: typeof user | null = user) =>
  renderPage(<EventWaitlist event={event} now={NOW} />, { path: '/event/atem', user: signedIn });

describe('EventWaitlist: joining', () => {
  it('offers "Auf die Warteliste" on a sold-out event with a list, and joins with one click', async () => {
    let entries = [] as ReturnType<typeof myWaitlistEntry>[];
    const calls = mockApi({
      'GET /api/waitlist': () => json({ entries }),
      'POST /api/waitlist': () => {
        entries = [myWaitlistEntry({ position: 3 })];
        return json(entries[0], 201);
      },
    });
    show();
    const join = await screen.findByRole('button', { name: 'Auf die Warteliste' });
    fireEvent.click(join);
    expect(await screen.findByText('Nr. 3 auf der Warteliste')).toBeTruthy();
    expect(calls.find((call) => call.key === 'POST /api/waitlist')?.body).toEqual({ eventId: 'e1' });
    expect(toast.success).toHaveBeenCalledWith(WAITLIST_MESSAGES.joined);
    expect(screen.getByRole('button', { name: 'Warteliste verlassen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Auf die Warteliste' })).toBeNull();
  });

  it('shows the server’s message when joining is refused', async () => {
    mockApi({
      'GET /api/waitlist': () => json({ entries: [] }),
      'POST /api/waitlist': () =>
        json({ error: { code: 'conflict', message: WAITLIST_MESSAGES.seatsFree } }, 409),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Auf die Warteliste' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(WAITLIST_MESSAGES.seatsFree));
  });

  it('shows nothing while seats are free, without a list, or once the event has begun', () => {
    mockApi({ 'GET /api/waitlist': () => json({ entries: [] }) });
    const cases = [
      publicEvent({ availableSeats: 3, waitlistEnabled: true }),
      publicEvent({ availableSeats: 0, waitlistEnabled: false }),
      publicEvent({
        availableSeats: 0,
        waitlistEnabled: true,
        startTime: new Date(Date.now() - 3_600_000).toISOString(),
      }),
    ];
    for (const event of cases) {
      const { container, unmount } = show(event);
      expect(container.textContent).toBe('');
      unmount();
    }
  });

  it('sends guests to the event’s sign-in page, which returns to the event page', async () => {
    const calls = mockApi({});
    const client = new QueryClient();
    client.setQueryData(queryKeys.session, { user: null });
    function Where() {
      const location = useLocation();
      return <p data-testid="where">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
    }
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/event/atem']}>
          <Routes>
            <Route path="/event/atem" element={<EventWaitlist event={soldOut} now={NOW} />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Auf die Warteliste' }));
    expect(screen.getByTestId('where').textContent).toBe(
      '/event/atem/login {"from":{"pathname":"/event/atem"}}',
    );
    expect(toast.info).toHaveBeenCalledWith(WAITLIST_MESSAGES.signIn);
    expect(keysOf(calls)).toEqual([]); // nothing is asked for a guest
  });
});

describe('EventWaitlist: the user’s entry', () => {
  it('shows the place while waiting and leaves the list', async () => {
    let entries = [myWaitlistEntry({ position: 3 })];
    const calls = mockApi({
      'GET /api/waitlist': () => json({ entries }),
      'DELETE /api/waitlist/w1': () => {
        entries = [];
        return json({ message: WAITLIST_MESSAGES.left });
      },
    });
    show();
    expect(await screen.findByText('Nr. 3 auf der Warteliste')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Warteliste verlassen' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(WAITLIST_MESSAGES.left));
    expect(keysOf(calls)).toContain('DELETE /api/waitlist/w1');
    // back to the button: the event is still sold out
    expect(await screen.findByRole('button', { name: 'Auf die Warteliste' })).toBeTruthy();
  });

  it('shows an offer with its deadline in the event’s zone, the booking link and "Platz freigeben"', async () => {
    const offer = myWaitlistEntry({
      status: 'offered',
      position: null,
      offerExpiresAt: '2030-03-14T17:30:00.000Z',
    });
    const calls = mockApi({
      'GET /api/waitlist': () => json({ entries: [offer] }),
      'DELETE /api/waitlist/w1': () => json({ message: WAITLIST_MESSAGES.declined }),
    });
    show();
    expect(
      await screen.findByText('Dein Platz ist frei – für dich reserviert bis Do., 14.03.2030, 18:30 Uhr'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Platz jetzt buchen' }).getAttribute('href')).toBe(
      '/checkout/e1?angebot=w1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Platz freigeben' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(WAITLIST_MESSAGES.declined));
    expect(keysOf(calls)).toContain('DELETE /api/waitlist/w1');
  });

  it('ignores entries of other events', async () => {
    mockApi({ 'GET /api/waitlist': () => json({ entries: [myWaitlistEntry({ eventId: 'e2' })] }) });
    const { client } = show();
    await waitFor(() => expect(client.getQueryData(queryKeys.waitlist.mineOf(user.id))).toBeDefined());
    expect(screen.getByRole('button', { name: 'Auf die Warteliste' })).toBeTruthy();
    expect(screen.queryByText(/auf der Warteliste$/)).toBeNull();
  });
});
