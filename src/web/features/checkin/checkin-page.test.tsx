// @vitest-environment jsdom
// The door page (docs/product/organizer-day.md#check-in, docs/product/organizer-day.md#offline-check-in,
// docs/product/organizer-day.md#check-in-authority).
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckInOutcome, Participant, ParticipantList } from '@shared/participants';
import { ticketBarcodeContent } from '@shared/tickets';
import { apiError, json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { CheckInPage } from './checkin-page';
import { queueKey, toSnapshot, ticketsKey } from './check-in-queue';

const EVENT = 'e0e0e0e0-0000-4000-8000-000000000001';

const person = (
  ticketId: string,
  ticketNumber: string,
  holderName: string,
  extra: Partial<Participant> = {},
) =>
  ({
    ticketId,
    code: ticketNumber.slice(-4),
    ticketNumber,
    holderName,
    buyerName: holderName,
    email: 'gast@example.org',
    phone: null,
    orderNumber: 'WR-7K3Q9F',
    priceCents: 0,
    seats: 1,
    state: 'active',
    checkedInAt: null,
    checkedInBy: null,
    bookedAt: '2026-11-01T10:00:00.000Z',
    ...extra,
  }) satisfies Participant;

const anna = person('3f2a9c1e-0000-4000-8000-000000000001', 'WR-2026-004711', 'Anna Müller');
const ben = person('a1b2c3d4-0000-4000-8000-000000000002', 'WR-2026-000815', 'Ben Özdemir');
const cleo = person('0badcafe-0000-4000-8000-000000000003', 'WR-2026-000816', 'Cleo Anders', {
  state: 'cancelled',
});

const list = (participants: Participant[] = [anna, ben, cleo]): ParticipantList => ({
  event: {
    id: EVENT,
    title: 'Achtsamkeits-Retreat',
    slug: 'retreat',
    startTime: '2026-11-27T17:00:00.000Z',
    endTime: '2026-11-27T20:00:00.000Z',
    timeZone: 'Europe/Berlin',
    location: 'Hamburg',
    venue: null,
  },
  counts: { soldSeats: 2, totalSeats: 20, checkedIn: 0, active: 2, cancelled: 1, openPayments: 0 },
  seats: { totalSeats: 20, soldSeats: 2, offeredSeats: 0, heldSeats: 0, freeSeats: 18 },
  sales: { currency: 'EUR', grossCents: 0, refundedCents: 0, netCents: 0 },
  participants,
});

const LIST = `GET /api/participants/${EVENT}`;
const CHECK_IN = `POST /api/checkin/${EVENT}`;

const renderDoor = () =>
  renderPage(<CheckInPage />, { path: `/checkin/${EVENT}`, pattern: '/checkin/:eventId' });
const field = () => screen.getByLabelText('Code oder Name');
const result = () => screen.getByTestId('check-in-result');
const type = (text: string) => {
  fireEvent.change(field(), { target: { value: text } });
  fireEvent.submit(field().closest('form')!);
};

let online = true;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => vi.restoreAllMocks());
resetEachTest();

describe('CheckInPage online', () => {
  it('counts, checks in a scanned ticket on the server and keeps the list on the device', async () => {
    const checkedIn: CheckInOutcome = {
      result: 'checked-in',
      participant: {
        ...anna,
        state: 'checked-in',
        checkedInAt: '2026-11-27T17:42:00.000Z',
        checkedInBy: 'Ada',
      },
    };
    const calls = mockApi({ [LIST]: () => json(list()), [CHECK_IN]: () => json(checkedIn) });
    renderDoor();
    expect(await screen.findByText('0 von 2 eingecheckt')).toBeTruthy();
    const stored = localStorage.getItem(ticketsKey(EVENT))!;
    expect(stored).toContain('Anna Müller');
    expect(stored).not.toContain('gast@example.org');

    const scan = ticketBarcodeContent(anna.ticketId, anna.ticketNumber);
    type(scan);
    await waitFor(() => expect(result().dataset.result).toBe('checked-in'));
    expect(result().textContent).toContain('Eingecheckt');
    expect(result().textContent).toContain('Anna Müller · 4711');
    expect(calls.find((c) => c.key === CHECK_IN)?.body).toEqual({ scan });
    expect(await screen.findByText('1 von 2 eingecheckt')).toBeTruthy();
  });

  it('shows "Bereits eingecheckt um HH:MM (von …)" in the event’s time zone', async () => {
    mockApi({
      [LIST]: () => json(list()),
      [CHECK_IN]: () =>
        json({
          result: 'already',
          participant: {
            ...ben,
            state: 'checked-in',
            checkedInAt: '2026-11-27T17:42:00.000Z',
            checkedInBy: 'Jonas',
          },
        }),
    });
    renderDoor();
    await screen.findByText('0 von 2 eingecheckt');
    type('0815');
    await waitFor(() => expect(result().dataset.result).toBe('already'));
    expect(result().textContent).toContain('Bereits eingecheckt um 18:42 (von Jonas)');
  });

  it('finds by name and checks in with a tap; undo takes it back', async () => {
    const calls = mockApi({
      [LIST]: () => json(list()),
      [CHECK_IN]: () =>
        json({
          result: 'checked-in',
          participant: { ...ben, state: 'checked-in', checkedInAt: '2026-11-27T17:42:00Z' },
        }),
      [`DELETE /api/checkin/${EVENT}/${ben.ticketId}`]: () => json(ben),
    });
    renderDoor();
    await screen.findByText('0 von 2 eingecheckt');
    fireEvent.change(field(), { target: { value: 'özd' } });
    fireEvent.click(await screen.findByRole('button', { name: /Ben Özdemir/ }));
    await waitFor(() => expect(result().dataset.result).toBe('checked-in'));
    expect(calls.find((c) => c.key === CHECK_IN)?.body).toEqual({ ticketId: ben.ticketId });

    fireEvent.click(screen.getByRole('button', { name: 'Rückgängig' }));
    await waitFor(() => expect(result().textContent).toContain('Check-in zurückgenommen'));
    expect(keysOf(calls)).toContain(`DELETE /api/checkin/${EVENT}/${ben.ticketId}`);
    expect(await screen.findByText('0 von 2 eingecheckt')).toBeTruthy();
  });

  it('shows the server’s message when access is refused', async () => {
    mockApi({ [LIST]: () => apiError(403, 'forbidden', 'Kein Zugriff auf dieses Event.') });
    renderDoor();
    expect((await screen.findByRole('alert')).textContent).toBe('Kein Zugriff auf dieses Event.');
  });
});

describe('CheckInPage offline', () => {
  it('checks in from the stored list, queues it, and sends it when back online (reporting a conflict)', async () => {
    localStorage.setItem(ticketsKey(EVENT), JSON.stringify(toSnapshot(list(), Date.now())));
    online = false;
    const calls = mockApi({
      [LIST]: () => json(list()),
      [CHECK_IN]: () =>
        json({
          result: 'already',
          participant: {
            ...anna,
            state: 'checked-in',
            checkedInAt: '2026-11-27T17:30:00.000Z',
            checkedInBy: 'Jonas',
          },
        }),
    });
    renderDoor();
    expect(await screen.findByText(/^Offline – Check-ins werden gespeichert/)).toBeTruthy();
    expect(screen.getByText('0 von 2 eingecheckt')).toBeTruthy();

    type(ticketBarcodeContent(anna.ticketId, anna.ticketNumber));
    await waitFor(() => expect(result().dataset.result).toBe('checked-in'));
    expect(screen.getByText('1 von 2 eingecheckt')).toBeTruthy();
    expect(screen.getByTestId('check-in-pending').textContent).toBe('1 Check-in wartet auf die Verbindung.');
    const queued = JSON.parse(localStorage.getItem(queueKey(EVENT))!) as {
      at: string;
      deviceCheckInId: string;
    }[];
    expect(queued).toHaveLength(1);
    expect(keysOf(calls)).not.toContain(CHECK_IN);

    // a cancelled ticket answers 'Storniert' offline too; an unknown code 'Unbekanntes Ticket'
    type(ticketBarcodeContent(cleo.ticketId, cleo.ticketNumber));
    await waitFor(() => expect(result().dataset.result).toBe('cancelled'));
    type('9999');
    await waitFor(() => expect(result().dataset.result).toBe('unknown'));

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByTestId('check-in-pending')).toBeNull());
    expect(calls.find((c) => c.key === CHECK_IN)?.body).toEqual({
      ticketId: anna.ticketId,
      at: queued[0]!.at,
      deviceCheckInId: queued[0]!.deviceCheckInId,
      // the number the list had: a ticket transferred meanwhile is not checked in by it
      // (docs/product/organizer-day.md#check-in-current-number)
      ticketNumber: anna.ticketNumber,
    });
    expect(screen.getByRole('alert').textContent).toContain(
      '1 Check-in war bereits auf einem anderen Gerät erfasst.',
    );
    expect(localStorage.getItem(queueKey(EVENT))).toBeNull();
  });

  it('without a stored list offline, says how to get one', async () => {
    online = false;
    mockApi({
      [LIST]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderDoor();
    // (after the query's two retries)
    const alert = await screen.findByRole('alert', {}, { timeout: 8_000 });
    expect(alert.textContent).toContain('Öffne die Seite einmal mit Verbindung');
  });
});
