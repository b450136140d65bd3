// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Participant, ParticipantList } from '@shared/participants';
import { sessionUser } from '@web/testing/fixtures';
import { apiError, json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { saveBlob } from '@web/lib/save-blob';
import { toast } from '@web/lib/toast';
import { ParticipantsPage } from './participants-page';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('@web/lib/save-blob', () => ({ saveBlob: vi.fn() }));

// docs/product/organizer-day.md#participants

const participant = (overrides: Partial<Participant>): Participant => ({
  ticketId: 't1',
  code: '1234',
  ticketNumber: 'T-2030-001234',
  holderName: 'Anna Berg',
  buyerName: 'Anna Berg',
  email: 'anna@example.org',
  phone: '+49 30 123456',
  orderNumber: 'WR-7K3Q9F',
  priceCents: 4900,
  seats: 1,
  state: 'active',
  checkedInAt: null,
  checkedInBy: null,
  bookedAt: '2030-02-01T09:15:00.000Z',
  ...overrides,
});

const list = (overrides: Partial<ParticipantList> = {}): ParticipantList => ({
  event: {
    id: 'e1',
    title: 'Yoga am Morgen',
    slug: 'yoga',
    startTime: '2030-03-14T17:30:00.000Z',
    endTime: '2030-03-14T19:30:00.000Z',
    timeZone: 'Europe/Berlin',
    location: 'Hamburg',
    venue: 'Kulturhaus',
  },
  counts: { soldSeats: 3, totalSeats: 20, checkedIn: 1, active: 1, cancelled: 1, openPayments: 2 },
  seats: { totalSeats: 20, soldSeats: 3, offeredSeats: 1, heldSeats: 2, freeSeats: 14 },
  sales: { currency: 'EUR', grossCents: 14700, refundedCents: 4900, netCents: 9800 },
  participants: [
    participant({}),
    participant({
      ticketId: 't2',
      code: '5678',
      holderName: 'Bernd Kurz',
      buyerName: 'Clara Kurz',
      email: 'clara@example.org',
      phone: null,
      orderNumber: 'WR-ABC123',
      state: 'checked-in',
      checkedInAt: '2030-03-14T17:42:00.000Z',
      checkedInBy: 'Tür 1',
    }),
    participant({
      ticketId: 't3',
      code: '9012',
      holderName: 'Dora Weiß',
      buyerName: 'Dora Weiß',
      email: 'dora@example.org',
      orderNumber: 'WR-XYZ789',
      state: 'cancelled',
    }),
  ],
  ...overrides,
});

const admin = sessionUser({ role: 'admin' });

function renderList(answer = () => json(list()), { area = 'admin' as 'admin' | 'organizer' } = {}) {
  const calls = mockApi({
    'GET /api/participants/e1': answer,
    'GET /api/participants/e1/messages': () => json({ messages: [] }),
    'GET /api/participants/e1/csv': () =>
      new Response('\uFEFFname\r\n', { headers: { 'Content-Type': 'text/csv' } }),
  });
  const path = area === 'admin' ? '/admin/events/e1/teilnehmende' : '/veranstalter/events/e1';
  const pattern = area === 'admin' ? '/admin/events/:eventId/teilnehmende' : '/veranstalter/events/:eventId';
  const view = renderPage(<ParticipantsPage area={area} />, { path, pattern, user: admin });
  return { ...view, calls };
}

/** The rows of the table body, by their first cell (the name on the ticket). */
const tableNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

resetEachTest(vi.mocked(saveBlob), vi.mocked(toast.error));

describe('ParticipantsPage', () => {
  it('shows the event, the counts and the sales', async () => {
    renderList();
    const title = await screen.findByRole('heading', { level: 1, name: 'Yoga am Morgen' });
    expect(title.nextElementSibling?.textContent).toBe(
      'Do., 14.03.2030, 18:30–20:30 Uhr · Kulturhaus, Hamburg',
    );
    const counts = within(screen.getByRole('list', { name: 'Zahlen' }));
    expect(counts.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '3 verkauft · 1 angeboten (Warteliste) · 2 reserviert · 14 frei von 20 Plätzen',
      '1 eingecheckt',
      '1 storniert',
      '2 offene Zahlungen',
    ]);
    const money = (term: string) =>
      screen.getByText(term).nextElementSibling?.textContent?.replace(/\s/g, ' ');
    expect(money('Umsatz brutto')).toBe('147,00 €');
    expect(money('Erstattet')).toBe('49,00 €');
    expect(money('Umsatz netto')).toBe('98,00 €');
  });

  it('lists every ticket with its columns and states, check-in time in the event zone', async () => {
    renderList();
    await screen.findByRole('table');
    expect(tableNames()).toEqual(['Anna Berg', 'Bernd Kurz', 'Dora Weiß']);
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Auswahl',
      'Name auf dem Ticket',
      'Käufer:in',
      'E-Mail',
      'Telefon',
      'Bestellnummer',
      'Ticket-Code',
      'Preis',
      'Status',
      'Gebucht am',
    ]);
    const row = (name: string) => within(screen.getByRole('row', { name: new RegExp(name) }));
    expect(row('Anna Berg').getByText('aktiv')).toBeTruthy();
    expect(row('Anna Berg').getByText('+49 30 123456')).toBeTruthy();
    expect(row('Anna Berg').getByText('01.02.2030 10:15')).toBeTruthy();
    expect(row('Anna Berg').getByText('49,00 €')).toBeTruthy();
    expect(row('Bernd Kurz').getByText('eingecheckt 18:42')).toBeTruthy();
    expect(row('Bernd Kurz').getByText('Clara Kurz')).toBeTruthy();
    expect(row('Bernd Kurz').getByText('WR-ABC123')).toBeTruthy();
    expect(row('Dora Weiß').getByText('storniert')).toBeTruthy();
  });

  it('filters by name, buyer, e-mail, order number and ticket code in the browser', async () => {
    const { calls } = renderList();
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Teilnehmende suchen' });
    const searchFor = (text: string) => fireEvent.change(search, { target: { value: text } });

    searchFor('bernd');
    expect(tableNames()).toEqual(['Bernd Kurz']);
    searchFor('Clara');
    expect(tableNames()).toEqual(['Bernd Kurz']);
    searchFor('DORA@example');
    expect(tableNames()).toEqual(['Dora Weiß']);
    searchFor('wr-7k3q9f');
    expect(tableNames()).toEqual(['Anna Berg']);
    searchFor('9012');
    expect(tableNames()).toEqual(['Dora Weiß']);
    expect(screen.getByText('1 von 3 Tickets')).toBeTruthy();
    searchFor('niemand da');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Niemand passt zu „niemand da“.')).toBeTruthy();
    searchFor('');
    expect(tableNames()).toHaveLength(3);
    // the list and the sent messages once: the search never asks the server
    expect(calls.map((call) => call.key).sort()).toEqual([
      'GET /api/participants/e1',
      'GET /api/participants/e1/messages',
    ]);
  });

  it('shows cards on phones', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: false,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    );
    renderList();
    const card = await screen.findByRole('listitem', { name: 'Bernd Kurz' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByText('eingecheckt 18:42')).toBeTruthy();
    expect(within(card).getByText('clara@example.org')).toBeTruthy();
  });

  it('downloads the CSV, prints and links to the check-in', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { calls } = renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'CSV herunterladen' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.anything(), 'teilnehmende-yoga.csv'));
    expect(calls.map((call) => call.key)).toContain('GET /api/participants/e1/csv');
    fireEvent.click(screen.getByRole('button', { name: 'Drucken' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Check-in öffnen' }).getAttribute('href')).toBe('/checkin/e1');
    expect(screen.getByRole('link', { name: 'Veranstaltungen' }).getAttribute('href')).toBe('/admin/events');
  });

  it('prints one line per valid ticket, sorted, with a box to tick', async () => {
    const { container } = renderList();
    await screen.findByRole('table');
    const lines = [...container.querySelectorAll('.print-participants li')].map((li) => li.textContent);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Anna Berg');
    expect(lines[1]).toContain('Bernd Kurz');
    expect(container.querySelectorAll('.print-participants li span.border').length).toBe(2);
  });

  it('links back to Meine Veranstaltungen in the organizer area', async () => {
    renderList(undefined, { area: 'organizer' });
    const back = await screen.findByRole('link', { name: 'Meine Veranstaltungen' });
    expect(back.getAttribute('href')).toBe('/veranstalter');
  });

  it('says so when the organizer is not assigned to the event (403)', async () => {
    renderList(() => apiError(403, 'forbidden', 'Kein Zugriff'), { area: 'organizer' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Du bist für diese Veranstaltung nicht als Veranstalter:in eingetragen.',
    );
  });

  it('tells when the CSV download fails', async () => {
    mockApi({
      'GET /api/participants/e1': () => json(list()),
      'GET /api/participants/e1/csv': () => apiError(403, 'forbidden', 'Kein Zugriff'),
    });
    renderPage(<ParticipantsPage area="admin" />, {
      path: '/admin/events/e1/teilnehmende',
      pattern: '/admin/events/:eventId/teilnehmende',
      user: admin,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'CSV herunterladen' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('CSV-Download fehlgeschlagen (403)'));
    expect(saveBlob).not.toHaveBeenCalled();
  });
});
