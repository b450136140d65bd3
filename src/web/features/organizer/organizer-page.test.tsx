// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrganizerEvent } from '@shared/participants';
import { sessionUser } from '@web/testing/fixtures';
import { apiError, json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { OrganizerPage } from './organizer-page';

// docs/product/organizer-day.md#organizer-area

const event = (overrides: Partial<OrganizerEvent>): OrganizerEvent => ({
  id: 'e1',
  title: 'Yoga am Morgen',
  slug: 'yoga',
  startTime: '2099-03-14T17:30:00.000Z',
  endTime: '2099-03-14T19:30:00.000Z',
  timeZone: 'Europe/Berlin',
  location: 'Hamburg',
  status: 'published',
  counts: { soldSeats: 12, totalSeats: 20, checkedIn: 3, active: 9, cancelled: 1, openPayments: 2 },
  seats: { totalSeats: 20, soldSeats: 12, offeredSeats: 1, heldSeats: 3, freeSeats: 4 },
  ...overrides,
});

const events = [
  event({
    id: 'late',
    title: 'Spätes Retreat',
    startTime: '2099-06-01T08:00:00.000Z',
    endTime: '2099-06-03T12:00:00.000Z',
  }),
  event({
    id: 'old',
    title: 'Altes Seminar',
    startTime: '2020-01-10T09:00:00.000Z',
    endTime: '2020-01-10T12:00:00.000Z',
  }),
  event({ id: 'e1' }),
  event({
    id: 'older',
    title: 'Ganz altes Seminar',
    startTime: '2019-01-10T09:00:00.000Z',
    endTime: '2019-01-10T12:00:00.000Z',
  }),
];

const organizer = sessionUser({ role: 'organizer' });

resetEachTest();

describe('OrganizerPage', () => {
  it('lists the assigned events, upcoming first (soonest first), then past ones (latest first)', async () => {
    mockApi({ 'GET /api/organizer/events': () => json(events) });
    renderPage(<OrganizerPage />, { path: '/veranstalter', user: organizer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Meine Veranstaltungen' })).toBeTruthy();
    const titles = async (group: string) =>
      within(await screen.findByRole('region', { name: group }))
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent);
    expect(await titles('Kommende Veranstaltungen')).toEqual(['Yoga am Morgen', 'Spätes Retreat']);
    expect(await titles('Vergangene Veranstaltungen')).toEqual(['Altes Seminar', 'Ganz altes Seminar']);
    const groups = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(groups).toEqual(['Kommende Veranstaltungen', 'Vergangene Veranstaltungen']);
  });

  it('shows each event with its counts and the links to participants and check-in', async () => {
    mockApi({ 'GET /api/organizer/events': () => json([event({})]) });
    renderPage(<OrganizerPage />, { path: '/veranstalter', user: organizer });
    const item = within(await screen.findByRole('listitem', { name: 'Yoga am Morgen' }));
    expect(item.getByText('Sa., 14.03.2099, 18:30–20:30 Uhr · Hamburg')).toBeTruthy();
    expect(
      // the back office's one seat line (docs/product/admin.md#seat-figures): the offer is not sold
      item.getByText(
        '12 verkauft · 1 angeboten (Warteliste) · 3 reserviert · 4 frei von 20 Plätzen · 3 eingecheckt · ' +
          '1 storniert · 2 offene Zahlungen',
      ),
    ).toBeTruthy();
    expect(item.getByRole('link', { name: 'Teilnehmende von „Yoga am Morgen“' }).getAttribute('href')).toBe(
      '/veranstalter/events/e1',
    );
    expect(item.getByRole('link', { name: 'Check-in für „Yoga am Morgen“' }).getAttribute('href')).toBe(
      '/checkin/e1',
    );
  });

  it('says when no event is assigned yet', async () => {
    mockApi({ 'GET /api/organizer/events': () => json([]) });
    renderPage(<OrganizerPage />, { path: '/veranstalter', user: organizer });
    expect(
      await screen.findByText('Du bist noch keiner Veranstaltung als Veranstalter:in zugeordnet.'),
    ).toBeTruthy();
  });

  it('shows the error with a retry', async () => {
    mockApi({ 'GET /api/organizer/events': () => apiError(500, 'internal', 'Serverfehler') });
    renderPage(<OrganizerPage />, { path: '/veranstalter', user: organizer });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Serverfehler');
    expect(within(alert).getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});
