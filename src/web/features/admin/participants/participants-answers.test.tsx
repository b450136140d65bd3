// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Participant, ParticipantList } from '@shared/participants';
import { sessionUser } from '@web/testing/fixtures';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { ParticipantsPage } from './participants-page';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// The answers and categories in the participant list and its print view
// (docs/product/ticket-categories.md#answers).

const HOSTILE = '<b>fett</b>';
const participant = (overrides: Partial<Participant>): Participant => ({
  ticketId: 't1',
  code: '1234',
  ticketNumber: 'T-2030-001234',
  holderName: 'Anna Berg',
  buyerName: 'Anna Berg',
  email: 'anna@example.org',
  phone: null,
  orderNumber: 'WR-7K3Q9F',
  priceCents: 4900,
  seats: 1,
  state: 'active',
  checkedInAt: null,
  checkedInBy: null,
  bookedAt: '2030-02-01T09:15:00.000Z',
  ...overrides,
});

const list = (): ParticipantList => ({
  event: {
    id: 'e1',
    title: 'Stille Tage',
    slug: 'stille-tage',
    startTime: '2030-03-14T17:30:00.000Z',
    endTime: '2030-03-16T12:00:00.000Z',
    timeZone: 'Europe/Berlin',
    location: 'Hamburg',
    venue: null,
  },
  counts: { soldSeats: 3, totalSeats: 20, checkedIn: 0, active: 2, cancelled: 0, openPayments: 0 },
  seats: { totalSeats: 20, soldSeats: 3, offeredSeats: 0, heldSeats: 0, freeSeats: 17 },
  sales: { currency: 'EUR', grossCents: 0, refundedCents: 0, netCents: 0 },
  answerColumns: [
    { questionId: 'q-diet', label: 'Ernährung' },
    { questionId: 'q-allergies', label: 'Allergien' },
  ],
  participants: [
    participant({
      categoryName: 'Einzelzimmer',
      answers: [
        { questionId: 'q-diet', label: 'Ernährung', person: 1, text: 'vegan' },
        { questionId: 'q-allergies', label: 'Allergien', person: 1, text: HOSTILE },
      ],
    }),
    participant({
      ticketId: 't2',
      code: '5678',
      holderName: 'Bernd Paar',
      buyerName: 'Bernd Paar',
      seats: 2,
      categoryName: 'Doppelzimmer',
      answers: [
        { questionId: 'q-diet', label: 'Ernährung', person: 1, text: 'alles' },
        { questionId: 'q-diet', label: 'Ernährung', person: 2, text: 'vegetarisch' },
      ],
    }),
  ],
});

resetEachTest();

function renderList() {
  mockApi({
    'GET /api/participants/e1': () => json(list()),
    'GET /api/participants/e1/messages': () => json({ messages: [] }),
  });
  renderPage(<ParticipantsPage area="admin" />, {
    path: '/admin/events/e1/teilnehmende',
    pattern: '/admin/events/:eventId/teilnehmende',
    user: sessionUser({ role: 'admin' }),
  });
}

describe('ParticipantsPage: categories and answers', () => {
  it("shows each ticket's category and answers, a pair's persons named, text never markup", async () => {
    renderList();
    const table = within(await screen.findByRole('table'));
    expect(table.getByRole('columnheader', { name: 'Ticketart' })).toBeTruthy();
    expect(table.getByRole('columnheader', { name: 'Angaben' })).toBeTruthy();
    const anna = within(table.getByRole('rowheader', { name: 'Anna Berg' }).closest('tr')!);
    expect(anna.getByText('Einzelzimmer')).toBeTruthy();
    expect(anna.getByText('Ernährung: vegan')).toBeTruthy();
    expect(anna.getByText(`Allergien: ${HOSTILE}`)).toBeTruthy();
    const bernd = within(table.getByRole('rowheader', { name: 'Bernd Paar' }).closest('tr')!);
    expect(bernd.getByText('Ernährung (Person 1): alles')).toBeTruthy();
    expect(bernd.getByText('Ernährung (Person 2): vegetarisch')).toBeTruthy();
    expect(document.querySelector('b')).toBeNull();
  });

  it('finds people by an answer', async () => {
    renderList();
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'vegetarisch' } });
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Bernd Paar']);
  });

  it('prints the category and the answers under the name', async () => {
    renderList();
    await screen.findByRole('table');
    const print = document.querySelector('.print-participants')!;
    expect(print.textContent).toContain('Anna Berg · Einzelzimmer');
    expect(print.textContent).toContain(`Ernährung: vegan · Allergien: ${HOSTILE}`);
    expect(print.textContent).toContain('Ernährung (Person 2): vegetarisch');
  });
});
