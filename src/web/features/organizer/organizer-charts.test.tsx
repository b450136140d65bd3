// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyDay, type EventStats } from '@shared/event-stats';
import type { OrganizerEvent } from '@shared/participants';
import { sessionUser } from '@web/testing/fixtures';
import { json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { OrganizerPage } from './organizer-page';

// The organizer sees an event's charts under it, loaded on the first opening (docs/product/charts.md#organizer).

resetEachTest();

const event: OrganizerEvent = {
  id: 'e1',
  title: 'Yoga am Morgen',
  slug: 'yoga',
  startTime: '2020-03-14T17:30:00.000Z',
  endTime: '2020-03-14T19:30:00.000Z',
  timeZone: 'Europe/Berlin',
  location: 'Hamburg',
  status: 'published',
  counts: { soldSeats: 2, totalSeats: 20, checkedIn: 1, active: 2, cancelled: 0, openPayments: 0 },
  seats: { totalSeats: 20, soldSeats: 2, offeredSeats: 0, heldSeats: 0, freeSeats: 18 },
};

const stats: EventStats = {
  eventId: 'e1',
  title: 'Yoga am Morgen',
  timezone: 'Europe/Berlin',
  currency: 'EUR',
  capacity: 20,
  startDay: '2020-03-14',
  today: '2026-11-29',
  seatsBefore: 0,
  days: [{ ...emptyDay('2020-03-14'), bookings: 1, seatsBooked: 2, revenueCents: 9800 }],
  marks: [],
  checkIn: {
    tickets: 2,
    checkedIn: 1,
    notCheckedIn: 1,
    persons: 2,
    personsCheckedIn: 1,
    cancelled: 0,
    ended: true,
  },
};

describe('OrganizerPage charts', () => {
  it("opens and closes an event's charts with 'Verlauf', reading them only when opened", async () => {
    const calls = mockApi({
      'GET /api/organizer/events': () => json([event]),
      'GET /api/organizer/events/e1/stats': () => json(stats),
    });
    renderPage(<OrganizerPage />, { path: '/veranstalter', user: sessionUser({ role: 'organizer' }) });
    const button = await screen.findByRole('button', { name: 'Verlauf von „Yoga am Morgen“' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(keysOf(calls)).not.toContain('GET /api/organizer/events/e1/stats');

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const item = screen.getByRole('listitem', { name: 'Yoga am Morgen' });
    expect(
      await within(item).findByRole('heading', { level: 4, name: 'Buchungen und Umsatz pro Tag' }),
    ).toBeTruthy();
    expect(within(item).getByRole('heading', { level: 4, name: 'Check-in und No-Shows' })).toBeTruthy();
    expect(within(item).getByRole('img', { name: 'Buchungen und Umsatz pro Tag' })).toBeTruthy();

    fireEvent.click(button);
    expect(within(item).queryByRole('heading', { name: 'Buchungen und Umsatz pro Tag' })).toBeNull();
  });
});
