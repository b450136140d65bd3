// @vitest-environment jsdom
// The door shows the ticket's category and the person's answers (docs/product/ticket-categories.md#answers).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckInOutcome, Participant, ParticipantList } from '@shared/participants';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { CheckInPage } from './checkin-page';
import { ticketsKey } from './check-in-queue';

const EVENT = 'e0e0e0e0-0000-4000-8000-000000000001';
const anna: Participant = {
  ticketId: '3f2a9c1e-0000-4000-8000-000000000001',
  code: '4711',
  ticketNumber: 'WR-2026-004711',
  holderName: 'Anna Müller',
  buyerName: 'Anna Müller',
  email: 'gast@example.org',
  phone: null,
  orderNumber: 'WR-7K3Q9F',
  priceCents: 0,
  seats: 1,
  state: 'active',
  checkedInAt: null,
  checkedInBy: null,
  bookedAt: '2026-11-01T10:00:00.000Z',
  categoryName: 'Einzelzimmer',
  answers: [
    { questionId: 'q-diet', label: 'Ernährung', person: 1, text: 'vegan' },
    { questionId: 'q-allergies', label: 'Allergien', person: 1, text: 'Nüsse <script>' },
  ],
};
const list: ParticipantList = {
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
  counts: { soldSeats: 1, totalSeats: 20, checkedIn: 0, active: 1, cancelled: 0, openPayments: 0 },
  seats: { totalSeats: 20, soldSeats: 1, offeredSeats: 0, heldSeats: 0, freeSeats: 19 },
  sales: { currency: 'EUR', grossCents: 0, refundedCents: 0, netCents: 0 },
  participants: [anna],
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => true);
});
afterEach(() => vi.restoreAllMocks());
resetEachTest();

describe('CheckInPage: category and answers', () => {
  it('shows them with the check-in; the device keeps the category, not the answers', async () => {
    const outcome: CheckInOutcome = {
      result: 'checked-in',
      participant: {
        ...anna,
        state: 'checked-in',
        checkedInAt: '2026-11-27T17:42:00.000Z',
        checkedInBy: 'Ada',
      },
    };
    mockApi({
      [`GET /api/participants/${EVENT}`]: () => json(list),
      [`POST /api/checkin/${EVENT}`]: () => json(outcome),
    });
    renderPage(<CheckInPage />, { path: `/checkin/${EVENT}`, pattern: '/checkin/:eventId' });
    await screen.findByText('0 von 1 eingecheckt');
    const stored = localStorage.getItem(ticketsKey(EVENT))!;
    expect(stored).toContain('Einzelzimmer');
    expect(stored).not.toContain('Nüsse');

    const field = screen.getByLabelText('Code oder Name');
    fireEvent.change(field, { target: { value: '4711' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(screen.getByTestId('check-in-result').dataset.result).toBe('checked-in'));
    const facts = within(screen.getByTestId('check-in-facts'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(facts).toEqual(['Ticketart: Einzelzimmer', 'Ernährung: vegan', 'Allergien: Nüsse <script>']);
  });
});
