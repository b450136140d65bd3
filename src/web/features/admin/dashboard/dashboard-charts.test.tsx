// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyDay, type DashboardStats } from '@shared/event-stats';
import { sessionUser } from '@web/testing/fixtures';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { DashboardCharts } from './components/dashboard-charts';

// The dashboard's charts (docs/product/charts.md#dashboard-charts): the last days of the shop with the capacity
// to come in the summary, and the door of the events that ended last, each with a table.

resetEachTest();

const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

const stats: DashboardStats = {
  today: '2026-11-29',
  currency: 'EUR',
  days: [
    { ...emptyDay('2026-11-27'), bookings: 3, seatsBooked: 4, revenueCents: 19_600 },
    emptyDay('2026-11-28'),
    { ...emptyDay('2026-11-29'), bookings: 1, seatsBooked: 1, revenueCents: 4900 },
  ],
  marks: [{ day: '2026-11-28', kind: 'mail', label: 'Erinnerung 2 Tage vorher', count: 6 }],
  capacity: { events: 2, totalSeats: 40, soldSeats: 10 },
  checkIns: [
    {
      eventId: 'e1',
      title: 'Atemwerkstatt',
      startTime: '2026-11-10T17:00:00.000Z',
      timezone: 'Europe/Berlin',
      tickets: 10,
      checkedIn: 8,
      notCheckedIn: 2,
      persons: 10,
      personsCheckedIn: 8,
      cancelled: 1,
      ended: true,
    },
    {
      eventId: 'e2',
      title: 'Stimmwerkstatt',
      startTime: '2026-10-14T07:00:00.000Z',
      timezone: 'Europe/Berlin',
      tickets: 5,
      checkedIn: 0,
      notCheckedIn: 5,
      persons: 5,
      personsCheckedIn: 0,
      cancelled: 0,
      ended: true,
    },
  ],
};

describe('DashboardCharts', () => {
  it('shows the days with capacity in the summary, and the door of past events with their table', async () => {
    mockApi({ 'GET /api/admin/dashboard/stats': () => json(stats) });
    renderPage(<DashboardCharts />, { path: '/admin', user: sessionUser({ role: 'admin' }) });
    const image = await screen.findByRole('img', { name: 'Buchungen und Umsatz pro Tag' });
    expect(plain(document.getElementById(image.getAttribute('aria-describedby')!)!.textContent)).toBe(
      'Letzte 3 Tage: 4 Buchungen mit 5 Plätzen. Umsatz 245,00 €. Stärkster Tag: Fr., 27.11. mit 4 Plätzen. ' +
        'Die 2 kommenden Events sind zu 25 % ausgelastet (10 von 40 Plätzen). Markiert: 1 Mail-Versand mit 6 Mails.',
    );
    // no capacity line on the dashboard (the shop has no one capacity): a bar of the events to come instead
    expect(screen.queryByText('Kapazität')).toBeNull();
    expect(plain(screen.getByText(/^Auslastung der kommenden Events/).parentElement!.textContent)).toBe(
      'Auslastung der kommenden Events: 10 von 40 Plätzen verkauft (25 %), 2 Events',
    );

    const door = screen.getByRole('region', { name: 'Check-in vergangener Events' });
    expect(plain(within(door).getByText(/vergangene Events:/).textContent)).toBe(
      '2 vergangene Events: 8 von 10 Tickets eingecheckt (80 %), 2 nicht erschienen. 1 Event ohne Check-in an ' +
        'der Tür nicht mitgezählt.',
    );
    expect(
      within(door)
        .getAllByRole('img')
        .map((bar) => plain(bar.getAttribute('aria-label'))),
    ).toEqual([
      '8 von 10 Tickets eingecheckt (80 %), 2 nicht erschienen. 1 Ticket storniert.',
      'Kein Check-in an der Tür erfasst: 5 gültige Tickets, niemand eingescannt.',
    ]);
    fireEvent.click(within(door).getByText('Als Tabelle anzeigen'));
    const rows = within(within(door).getByRole('table'))
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => plain(cell.textContent)));
    expect(rows).toEqual([
      ['Event', 'Gültige Tickets', 'Eingecheckt', 'Nicht eingecheckt', 'Quote', 'Storniert'],
      ['Atemwerkstatt · Di., 10.11.2026', '10', '8', '2', '80 %', '1'],
      ['Stimmwerkstatt · Mi., 14.10.2026', '5', '0', '5', 'ohne Check-in', '0'],
    ]);
  });
});
