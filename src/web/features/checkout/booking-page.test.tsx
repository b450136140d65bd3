// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seatBadge } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { BookingPage } from './booking-page';
import { publicEvent, sessionUser } from '@web/testing/fixtures';
import { queryKeys } from '@web/lib/query-keys';

// Issue 12 item 11, docs/decisions/024-seats-in-tickets-and-date-ranges.md: the older booking page counts
// in tickets like the seat badge; a pair ticket takes two seats.

const EVENT = publicEvent({
  slug: 'paare',
  title: 'Zeit zu zweit',
  description: 'Ein Abend für Paare',
  priceCents: 9000,
  priceUnit: 'per_pair',
  availableSeats: 15,
});

const user = sessionUser({
  fullName: 'Anna Berg',
  phone: '+49 30 1234567',
  hasDsgvoConsent: true,
  onboardingCompletedAt: '2026-01-01T00:00:00Z',
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBooking(event: PublicEvent) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.session, { user });
  client.setQueryData(queryKeys.settings, DEFAULT_SETTINGS);
  client.setQueryData(queryKeys.events.byId(event.id), event);
  client.setQueryData(['payments', 'config'], { provider: 'test', publishableKey: null });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/booking/${event.id}`]}>
        <Routes>
          <Route path="/booking/:eventId" element={<BookingPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('BookingPage seat counter (docs/product/booking-and-seats.md#tickets-left: per_pair seats halved, rounded down)', () => {
  it('counts a pair event in tickets, as the seat badge does', () => {
    renderBooking(EVENT);
    expect(screen.getByTestId('seat-counter').textContent).toBe('7 Tickets frei');
    expect(seatBadge(EVENT, new Date())?.label).toBe('7 Tickets übrig');
  });

  it('says 1 Ticket frei when three seats are left of a pair event, and counts persons one to one', () => {
    renderBooking({ ...EVENT, availableSeats: 3 });
    expect(screen.getByTestId('seat-counter').textContent).toBe('1 Ticket frei');
    cleanup();
    renderBooking({ ...EVENT, priceUnit: 'per_person', availableSeats: 15 });
    expect(screen.getByTestId('seat-counter').textContent).toBe('15 Tickets frei');
  });
});
