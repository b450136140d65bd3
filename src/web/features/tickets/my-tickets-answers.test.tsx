// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyTicketAnswers } from '@shared/answer-lists';
import { QUESTION_MESSAGES, type EventQuestion, type StoredAnswer } from '@shared/questions';
import { toast } from '@web/lib/toast';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { MyTicketsPage } from './my-tickets-page';
import { makeTicket, makeUser } from './testing/ticket-fixtures';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// The buyer's answers on the cards of Meine Tickets and 'Antworten ändern'
// (docs/product/ticket-categories.md#answers).

const user = makeUser();
beforeEach(() => sessionStorage.clear());
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const DIET = '11111111-1111-4111-8111-111111111111';
const ROOM = '22222222-2222-4222-8222-222222222222';
const HOSTILE = '<img src=x onerror=alert(1)>';
const questions: EventQuestion[] = [
  {
    id: ROOM,
    label: 'Zimmerwunsch',
    help: null,
    kind: 'text',
    options: [],
    required: false,
    perTicket: false,
    position: 1,
  },
  {
    id: DIET,
    label: 'Ernährung',
    help: null,
    kind: 'choice',
    options: ['vegetarisch', 'vegan', 'alles'],
    required: true,
    perTicket: true,
    position: 2,
  },
];
const given: StoredAnswer[] = [
  { questionId: ROOM, label: 'Zimmerwunsch', ticket: null, person: null, value: HOSTILE },
  { questionId: DIET, label: 'Ernährung', ticket: 1, person: 1, value: 'vegan' },
  { questionId: DIET, label: 'Ernährung', ticket: 2, person: 1, value: 'alles' },
];

function bookingOfTwo(overrides: Partial<MyTicketAnswers> = {}) {
  const base = makeTicket();
  const answers = (position: number): MyTicketAnswers => ({
    position,
    first: position === 1,
    given,
    questions,
    lines: [{ quantity: 2, seatsPerTicket: 1 }],
    editable: true,
    ...overrides,
  });
  return [
    makeTicket({
      bookingId: 'booking-a',
      event: { ...base.event, title: 'Erstes Ticket' },
      answers: answers(1),
    }),
    makeTicket({
      bookingId: 'booking-a',
      event: { ...base.event, title: 'Zweites Ticket' },
      answers: answers(2),
    }),
  ];
}

const card = (title: string) => within(screen.getByRole('article', { name: title }));

describe('MyTicketsPage: answers', () => {
  it("shows the order's answers once and each person's at their ticket, as text", async () => {
    mockApi({ 'GET /api/tickets': () => json(bookingOfTwo()) });
    renderPage(<MyTicketsPage />, { path: '/meine-tickets', user });

    await screen.findByRole('article', { name: 'Erstes Ticket' });
    expect(card('Erstes Ticket').getByText(`Zimmerwunsch: ${HOSTILE}`)).toBeTruthy();
    expect(card('Erstes Ticket').getByText('Ernährung: vegan')).toBeTruthy();
    expect(card('Zweites Ticket').getByText('Ernährung: alles')).toBeTruthy();
    expect(card('Zweites Ticket').queryByText(/Zimmerwunsch/)).toBeNull();
    // the organizer's and buyer's text is never markup
    expect(document.querySelector('article img[src="x"]')).toBeNull();
    // the form once per booking, on its first card
    expect(card('Erstes Ticket').getByRole('button', { name: 'Antworten ändern' })).toBeTruthy();
    expect(card('Zweites Ticket').queryByRole('button', { name: 'Antworten ändern' })).toBeNull();
  });

  it('offers no change once the server says it is closed', async () => {
    mockApi({ 'GET /api/tickets': () => json(bookingOfTwo({ editable: false })) });
    renderPage(<MyTicketsPage />, { path: '/meine-tickets', user });
    await screen.findByRole('article', { name: 'Erstes Ticket' });
    expect(card('Erstes Ticket').getByText('Ernährung: vegan')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Antworten ändern' })).toBeNull();
  });

  it('changes the answers and sends every one of them', async () => {
    const calls = mockApi({
      'GET /api/tickets': () => json(bookingOfTwo()),
      'PUT /api/bookings/booking-a/answers': ({ body }) =>
        json({ answers: (body as { answers: unknown }).answers }),
    });
    renderPage(<MyTicketsPage />, { path: '/meine-tickets', user });
    await screen.findByRole('article', { name: 'Erstes Ticket' });
    fireEvent.click(card('Erstes Ticket').getByRole('button', { name: 'Antworten ändern' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Antworten ändern' }));
    const zimmer = dialog.getByLabelText('Zimmerwunsch') as HTMLInputElement;
    expect(zimmer.value).toBe(HOSTILE);
    fireEvent.change(zimmer, { target: { value: 'Mit Seeblick' } });
    const ticket2 = within(dialog.getByRole('group', { name: 'Ticket 2' }));
    expect((ticket2.getByLabelText('alles') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(ticket2.getByLabelText('vegetarisch'));

    const ticket1 = within(dialog.getByRole('group', { name: 'Ticket 1' }));
    expect((ticket1.getByLabelText('vegan') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(vi.mocked(toast.success)).toHaveBeenCalledWith('Antworten gespeichert.'));
    const put = calls.find((call) => call.key === 'PUT /api/bookings/booking-a/answers')!;
    expect(put.body).toEqual({
      answers: [
        { questionId: ROOM, ticket: null, person: null, value: 'Mit Seeblick' },
        { questionId: DIET, ticket: 1, person: 1, value: 'vegan' },
        { questionId: DIET, ticket: 2, person: 1, value: 'vegetarisch' },
      ],
    });
  });

  it("refuses a missing required answer without sending, and shows the server's field messages", async () => {
    const missing = given.filter((answer) => answer.ticket !== 2);
    const tickets = bookingOfTwo({ given: missing });
    const calls = mockApi({
      'GET /api/tickets': () => json(tickets),
      'PUT /api/bookings/booking-a/answers': () =>
        json(
          {
            error: {
              code: 'validation_failed',
              message: QUESTION_MESSAGES.invalidChoice('Ernährung'),
              details: [{ path: `q:${DIET}:1:1`, message: QUESTION_MESSAGES.invalidChoice('Ernährung') }],
            },
          },
          422,
        ),
    });
    renderPage(<MyTicketsPage />, { path: '/meine-tickets', user });
    await screen.findByRole('article', { name: 'Erstes Ticket' });
    fireEvent.click(card('Erstes Ticket').getByRole('button', { name: 'Antworten ändern' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Antworten ändern' }));

    fireEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    expect(await dialog.findByText(QUESTION_MESSAGES.required('Ernährung'))).toBeTruthy();
    expect(calls.some((call) => call.key.startsWith('PUT'))).toBe(false);

    fireEvent.click(within(dialog.getByRole('group', { name: 'Ticket 2' })).getByLabelText('alles'));
    fireEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    expect(await dialog.findByText(QUESTION_MESSAGES.invalidChoice('Ernährung'))).toBeTruthy();
    expect(vi.mocked(toast.success)).not.toHaveBeenCalled();
  });
});
