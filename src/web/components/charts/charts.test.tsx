// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyDay, type CheckInFigures, type DashboardStats, type EventStats } from '@shared/event-stats';
import { sessionUser } from '@web/testing/fixtures';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { checkInSummary, checkInsSummary, dashboardSalesSummary, eventSalesSummary } from './chart-text';
import { EventStatsPanel } from './event-stats-panel';

// The charts' words and table (docs/product/charts.md#text-and-table, decision 067): the summary says what
// the picture shows, the table holds the same numbers, the SVG is one image named and described by them.

const days = [
  { ...emptyDay('2026-11-20'), bookings: 2, seatsBooked: 3, revenueCents: 8000, testRevenueCents: 4000 },
  emptyDay('2026-11-21'),
  emptyDay('2026-11-22'),
  { ...emptyDay('2026-11-23'), bookings: 1, seatsBooked: 3, testRevenueCents: 12_000 },
  { ...emptyDay('2026-11-24'), seatsCancelled: 1, testRevenueCents: -4000 },
  emptyDay('2026-11-25'),
  emptyDay('2026-11-26'),
  emptyDay('2026-11-27'),
];

const door = (overrides: Partial<CheckInFigures> = {}): CheckInFigures => ({
  tickets: 15,
  checkedIn: 12,
  notCheckedIn: 3,
  persons: 15,
  personsCheckedIn: 12,
  cancelled: 0,
  ended: true,
  ...overrides,
});

const stats = (overrides: Partial<EventStats> = {}): EventStats => ({
  eventId: 'e1',
  title: 'Atemwerkstatt',
  timezone: 'Europe/Berlin',
  currency: 'EUR',
  capacity: 20,
  startDay: '2026-11-27',
  today: '2026-11-25',
  seatsBefore: 0,
  days,
  marks: [
    { day: '2026-11-24', kind: 'mail', label: 'Anfahrt', count: 3 },
    { day: '2026-11-26', kind: 'early-bird-end', label: 'Frühbucherpreis endet', count: 0 },
  ],
  checkIn: null,
  ...overrides,
});

resetEachTest();

/** German number formats put a no-break space before '%' and '€'; the expectations are written with plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

describe('summaries', () => {
  it("say an event's seats against its capacity, money, busiest day and marks", () => {
    expect(plain(eventSalesSummary(stats()))).toBe(
      '5 Plätze von 20 verkauft (25 %), 3 Buchungen seit Fr., 20.11., 1 Platz storniert. ' +
        'Umsatz 80,00 €, dazu 120,00 € Testzahlungen. Stärkster Tag: Fr., 20.11. mit 3 Plätzen. ' +
        'Markiert: Frühbucherpreis endet am Do., 26.11.; 1 Mail-Versand mit 3 Mails.',
    );
    expect(plain(eventSalesSummary(stats({ days: [], marks: [] })))).toBe(
      'Für dieses Event gibt es noch keine Buchungen.',
    );
  });

  it("say the dashboard's window and the capacity of the events to come", () => {
    const dashboard: DashboardStats = {
      today: '2026-11-27',
      currency: 'EUR',
      days,
      marks: [],
      capacity: { events: 4, totalSeats: 80, soldSeats: 20 },
      checkIns: [],
    };
    expect(plain(dashboardSalesSummary(dashboard))).toBe(
      'Letzte 8 Tage: 3 Buchungen mit 6 Plätzen, 1 Platz storniert. Umsatz 80,00 €, dazu 120,00 € ' +
        'Testzahlungen. Stärkster Tag: Fr., 20.11. mit 3 Plätzen. Die 4 kommenden Events sind zu 25 % ' +
        'ausgelastet (20 von 80 Plätzen).',
    );
  });

  it('say the check-in rate and no-shows, and never call anyone a no-show where nobody was scanned', () => {
    expect(plain(checkInSummary(door()))).toBe('12 von 15 Tickets eingecheckt (80 %), 3 nicht erschienen.');
    expect(plain(checkInSummary(door({ ended: false, checkedIn: 5, notCheckedIn: 10 })))).toBe(
      'Bisher 5 von 15 Tickets eingecheckt (33,3 %), 10 noch erwartet.',
    );
    expect(plain(checkInSummary(door({ checkedIn: 0, notCheckedIn: 15, personsCheckedIn: 0 })))).toBe(
      'Kein Check-in an der Tür erfasst: 15 gültige Tickets, niemand eingescannt.',
    );
    expect(
      plain(
        checkInSummary(door({ tickets: 2, checkedIn: 1, notCheckedIn: 1, persons: 4, personsCheckedIn: 2 })),
      ),
    ).toBe('1 von 2 Tickets eingecheckt (2 von 4 Personen) (50 %), 1 nicht erschienen.');
    expect(plain(checkInsSummary([door(), door({ checkedIn: 0, notCheckedIn: 15 })]))).toBe(
      '2 vergangene Events: 12 von 15 Tickets eingecheckt (80 %), 3 nicht erschienen. 1 Event ohne Check-in ' +
        'an der Tür nicht mitgezählt.',
    );
  });
});

describe('EventStatsPanel', () => {
  const admin = sessionUser({ role: 'admin' });

  it('draws one image named by its heading and described by the summary, with legend, marks and table', async () => {
    mockApi({ 'GET /api/organizer/events/e1/stats': () => json(stats()) });
    renderPage(<EventStatsPanel eventId="e1" />, { path: '/admin/events/e1/edit', user: admin });
    const image = await screen.findByRole('img', { name: 'Buchungen und Umsatz pro Tag' });
    expect(image.tagName.toLowerCase()).toBe('svg');
    const summary = document.getElementById(image.getAttribute('aria-describedby')!)!;
    expect(plain(summary.textContent)).toMatch(/^5 Plätze von 20 verkauft \(25 %\)/);
    const legend = screen.getByRole('list', { name: 'Legende' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Gebuchte Plätze pro Tag',
      'Verkaufte Plätze insgesamt',
      'Kapazität',
      'Umsatz pro Tag',
      'Testzahlungen',
      'Frühbucherpreis endet',
      'Mails verschickt',
    ]);
    const marks = screen.getByRole('list', { name: 'Markierungen im Diagramm' });
    expect(
      within(marks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1Di., 24.11.: Anfahrt (3 Mails)', '2Do., 26.11.: Frühbucherpreis endet']);
    // the numbers on the picture: one circle per mark day
    expect(image.querySelectorAll('circle')).toHaveLength(2);

    fireEvent.click(screen.getByText('Als Tabelle anzeigen'));
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Tag',
      'Buchungen',
      'Plätze gebucht',
      'storniert',
      'verkauft von 20',
      'Umsatz',
      'Testzahlungen',
      'Markierung',
    ]);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => plain(cell.textContent)));
    // days with nothing are left out; the running sum of seats sold ends at the event's 5
    expect(rows).toEqual([
      ['Fr., 20.11.', '2', '3', '0', '3', '80,00 €', '40,00 €', ''],
      ['Mo., 23.11.', '1', '3', '0', '6', '0,00 €', '120,00 €', ''],
      ['Di., 24.11.', '0', '0', '1', '5', '0,00 €', '-40,00 €', 'Anfahrt (3 Mails)'],
      ['Do., 26.11.', '0', '0', '0', '5', '0,00 €', '0,00 €', 'Frühbucherpreis endet'],
    ]);
    expect(screen.queryByRole('heading', { name: /Check-in/ })).toBeNull();
  });

  it('adds the door after the start, and says so when an event has no sales yet', async () => {
    mockApi({
      'GET /api/organizer/events/e1/stats': () => json(stats({ checkIn: door() })),
      'GET /api/organizer/events/e2/stats': () => json(stats({ eventId: 'e2', days: [], marks: [] })),
    });
    renderPage(
      <>
        <EventStatsPanel eventId="e1" />
        <EventStatsPanel eventId="e2" />
      </>,
      { path: '/admin/events/e1/edit', user: admin },
    );
    const bar = await screen.findByRole('img', {
      name: (name) => plain(name) === '12 von 15 Tickets eingecheckt (80 %), 3 nicht erschienen.',
    });
    expect(bar.tagName.toLowerCase()).toBe('svg');
    expect(screen.getByRole('heading', { name: 'Check-in und No-Shows' })).toBeTruthy();
    expect(await screen.findByText('Für dieses Event gibt es noch keine Buchungen.')).toBeTruthy();
    // no picture and no table without days
    expect(screen.getAllByRole('img', { name: 'Buchungen und Umsatz pro Tag' })).toHaveLength(1);
  });
});
