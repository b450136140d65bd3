import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '@shared/booking';
import type { CheckInOutcome, ParticipantList } from '@shared/participants';
import { ACCOUNT_DELETION_CONFIRM_WORD } from '@shared/privacy';
import { QUESTION_MESSAGES, type StoredAnswer } from '@shared/questions';
import type { MyTicket } from '@shared/tickets';
import { createEvent } from '@server/demo/factories';
import type { Event } from '@server/db/types';
import { bookings, eventQuestions, events } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { DAY, signedInUser, type ErrorBody } from '../helpers/tickets';

// Answers downstream (docs/product/ticket-categories.md#answers): the buyer edits them until the start; the
// participant list, its CSV, the door, the data export show them; account deletion erases them.

type Person = { cookie: string; id: string; email: string };
type ErrorWithDetails = ErrorBody & { error: { details?: { path: string; message: string }[] } };
let t: TestApp;
let admin: Person;
let buyer: Person;
let stranger: Person;
let event: Event;
let diet: string;
let allergies: string;
let room: string;

const HYPERLINK = '=HYPERLINK("http://evil.example","Klick")';
const db = () => t.database.db;
const as = (cookie: string) => ({ cookie });
const get = (path: string, cookie: string) => t.app.request(path, { headers: as(cookie) });
const put = (path: string, body: unknown, cookie: string) =>
  t.app.request(path, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...as(cookie) },
    body: JSON.stringify(body),
  });
const storedAnswers = async (bookingId: string) =>
  (await db().select({ answers: bookings.answers }).from(bookings).where(eq(bookings.id, bookingId)))[0]!
    .answers;

/** Two tickets: diet per person (required), allergies per person, a room wish once per order. */
const answersOf = (diet2: string, allergy1: string) => [
  { questionId: room, ticket: null, person: null, value: 'Ruhiges Zimmer <script>alert(1)</script>' },
  { questionId: diet, ticket: 1, person: 1, value: 'vegetarisch' },
  { questionId: diet, ticket: 2, person: 1, value: diet2 },
  { questionId: allergies, ticket: 1, person: 1, value: allergy1 },
];

async function bookWithAnswers(person: Person, answers: unknown[]): Promise<BookingView> {
  const res = await post(
    t,
    '/api/bookings',
    { eventId: event.id, quantity: 2, holderName: 'Rita Rückzug', answers },
    as(person.cookie),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as BookingView;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  buyer = await signedInUser(t);
  stranger = await signedInUser(t);
  // free: the booking is confirmed and its tickets issued at once
  event = await createEvent(db(), {
    title: 'Stille Tage am See',
    priceCents: 0,
    startTime: new Date(Date.now() + 30 * DAY),
    endTime: new Date(Date.now() + 32 * DAY),
  });
  const inserted = await db()
    .insert(eventQuestions)
    .values([
      {
        eventId: event.id,
        label: 'Ernährung',
        kind: 'choice',
        options: ['vegetarisch', 'vegan', 'alles'],
        required: true,
        perTicket: true,
        position: 1,
      },
      { eventId: event.id, label: 'Allergien', kind: 'text', perTicket: true, position: 2 },
      { eventId: event.id, label: 'Zimmerwunsch', kind: 'textarea', position: 3 },
    ])
    .returning();
  [diet, allergies, room] = inserted.map((row) => row.id) as [string, string, string];
});
afterAll(() => t.close());

describe('PUT /api/bookings/:id/answers', () => {
  it('lets the buyer change their answers, stored with the labels', async () => {
    const booking = await bookWithAnswers(buyer, answersOf('alles', 'Nüsse'));
    expect(booking.answers).toHaveLength(4);
    const res = await put(
      `/api/bookings/${booking.id}/answers`,
      { answers: answersOf('vegan', 'Sesam') },
      buyer.cookie,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const stored = (await storedAnswers(booking.id))!;
    expect(stored).toEqual(
      expect.arrayContaining<StoredAnswer>([
        { questionId: diet, label: 'Ernährung', ticket: 2, person: 1, value: 'vegan' },
        { questionId: allergies, label: 'Allergien', ticket: 1, person: 1, value: 'Sesam' },
        { questionId: room, label: 'Zimmerwunsch', ticket: null, person: null, value: expect.any(String) },
      ]),
    );
    const view = (await (await get(`/api/bookings/${booking.id}`, buyer.cookie)).json()) as BookingView;
    expect(view.answers.find((answer) => answer.ticket === 2)?.value).toBe('vegan');
  });

  it("answers 404 for someone else's booking and changes nothing", async () => {
    const booking = await bookWithAnswers(buyer, answersOf('alles', 'Nüsse'));
    const before = await storedAnswers(booking.id);
    const res = await put(
      `/api/bookings/${booking.id}/answers`,
      { answers: answersOf('vegan', '') },
      stranger.cookie,
    );
    expect(res.status).toBe(404);
    expect(await storedAnswers(booking.id)).toEqual(before);
    expect((await put('/api/bookings/kein-uuid/answers', { answers: [] }, buyer.cookie)).status).toBe(404);
  });

  it('refuses an unknown choice and a missing required answer with 422, changing nothing', async () => {
    const booking = await bookWithAnswers(buyer, answersOf('alles', 'Nüsse'));
    const before = await storedAnswers(booking.id);
    const wrong = await put(
      `/api/bookings/${booking.id}/answers`,
      { answers: answersOf('Fleisch', '') },
      buyer.cookie,
    );
    expect(wrong.status).toBe(422);
    const wrongBody = (await wrong.json()) as ErrorWithDetails;
    expect(wrongBody.error.message).toBe(QUESTION_MESSAGES.invalidChoice('Ernährung'));
    expect(wrongBody.error.details).toContainEqual({
      path: `q:${diet}:2:1`,
      message: QUESTION_MESSAGES.invalidChoice('Ernährung'),
    });
    const missing = await put(
      `/api/bookings/${booking.id}/answers`,
      { answers: answersOf('vegan', '').filter((answer) => answer.ticket !== 2) },
      buyer.cookie,
    );
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as ErrorBody).error.message).toBe(QUESTION_MESSAGES.required('Ernährung'));
    // a question of another event is not this one's
    const foreign = await put(
      `/api/bookings/${booking.id}/answers`,
      {
        answers: [
          ...answersOf('vegan', ''),
          { questionId: crypto.randomUUID(), ticket: null, person: null, value: 'x' },
        ],
      },
      buyer.cookie,
    );
    expect(foreign.status).toBe(422);
    expect(((await foreign.json()) as ErrorBody).error.message).toBe(QUESTION_MESSAGES.unknownQuestion);
    expect(await storedAnswers(booking.id)).toEqual(before);
  });

  it('refuses changes once the event has started', async () => {
    const later = await createEvent(db(), { title: 'Schon begonnen', priceCents: 0 });
    const [question] = await db()
      .insert(eventQuestions)
      .values({
        eventId: later.id,
        label: 'Ernährung',
        kind: 'choice',
        options: ['vegan', 'alles'],
        required: true,
      })
      .returning();
    const res = await post(
      t,
      '/api/bookings',
      {
        eventId: later.id,
        quantity: 1,
        holderName: 'Rita Rückzug',
        answers: [{ questionId: question!.id, ticket: null, person: null, value: 'alles' }],
      },
      as(buyer.cookie),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const booking = (await res.json()) as BookingView;
    await db()
      .update(events)
      .set({ startTime: new Date(Date.now() - 60_000), endTime: new Date(Date.now() + DAY) })
      .where(eq(events.id, later.id));
    const refused = await put(
      `/api/bookings/${booking.id}/answers`,
      { answers: [{ questionId: question!.id, ticket: null, person: null, value: 'vegan' }] },
      buyer.cookie,
    );
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(QUESTION_MESSAGES.editClosed);
    expect((await storedAnswers(booking.id))![0]!.value).toBe('alles');
  });
});

describe('where the answers show', () => {
  it('Meine Tickets: the order answers and the form on the first ticket, each person at their ticket', async () => {
    const person = await signedInUser(t);
    const booking = await bookWithAnswers(person, answersOf('vegan', 'Nüsse'));
    const mine = ((await (await get('/api/tickets', person.cookie)).json()) as MyTicket[]).filter(
      (ticket) => ticket.bookingId === booking.id,
    );
    expect(mine).toHaveLength(2);
    const first = mine.find((ticket) => ticket.answers?.position === 1)!;
    const second = mine.find((ticket) => ticket.answers?.position === 2)!;
    expect(first.answers).toMatchObject({
      first: true,
      editable: true,
      lines: [{ quantity: 2, seatsPerTicket: 1 }],
    });
    expect(second.answers?.first).toBe(false);
    expect(first.answers!.questions.map((question) => question.label)).toEqual([
      'Ernährung',
      'Allergien',
      'Zimmerwunsch',
    ]);
    expect(first.answers!.given).toHaveLength(4);
    expect(first.categoryName).toBe('Ticket');
  });

  it('participant list and CSV: one column per question, a formula neutralised', async () => {
    const person = await signedInUser(t);
    const booking = await bookWithAnswers(person, answersOf('vegan', HYPERLINK));
    const list = (await (await get(`/api/participants/${event.id}`, admin.cookie)).json()) as ParticipantList;
    expect(list.answerColumns?.map((column) => column.label)).toEqual([
      'Ernährung',
      'Allergien',
      'Zimmerwunsch',
    ]);
    const rows = list.participants.filter((row) => row.orderNumber === booking.orderNumber);
    expect(rows).toHaveLength(2);
    const second = rows.find((row) => row.answers?.some((line) => line.text === 'vegan'))!;
    expect(second.categoryName).toBe('Ticket');
    expect(second.answers?.map((line) => `${line.label}: ${line.text}`)).toEqual([
      'Zimmerwunsch: Ruhiges Zimmer <script>alert(1)</script>',
      'Ernährung: vegan',
    ]);

    const res = await get(`/api/participants/${event.id}/csv`, admin.cookie);
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]!.endsWith(';Ticketart;Ernährung;Allergien;Zimmerwunsch')).toBe(true);
    const csv = lines.join('\n');
    // the formula starts with ' inside its quoted cell; nowhere does a cell start with =
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Klick"")"`);
    expect(csv).not.toMatch(/(^|;)"?=/m);
    const withFormula = lines.find((line) => line.includes('HYPERLINK'))!;
    expect(withFormula).toContain(';Ticket;vegetarisch;');
  });

  it('the door shows the category and the person’s answers', async () => {
    const person = await signedInUser(t);
    const booking = await bookWithAnswers(person, answersOf('vegan', 'Nüsse'));
    const ticketId = booking.tickets[0]!.id;
    const res = await post(t, `/api/checkin/${event.id}`, { ticketId }, as(admin.cookie));
    expect(res.status, await res.clone().text()).toBe(200);
    const outcome = (await res.json()) as CheckInOutcome;
    expect(outcome.result).toBe('checked-in');
    if (outcome.result !== 'checked-in') return;
    expect(outcome.participant.categoryName).toBe('Ticket');
    expect(outcome.participant.answers?.map((line) => `${line.label}: ${line.text}`)).toEqual([
      'Zimmerwunsch: Ruhiges Zimmer <script>alert(1)</script>',
      'Ernährung: vegetarisch',
      'Allergien: Nüsse',
    ]);
  });

  it('the personal-data export lists the answers with their questions; deleting the account erases them', async () => {
    const person = await signedInUser(t);
    const booking = await bookWithAnswers(person, answersOf('vegan', 'Nüsse'));
    const exported = (await (await get('/api/profile/export', person.cookie)).json()) as {
      bookings: {
        orderNumber: string;
        answers: { question: string; ticket: number | null; answer: string }[];
      }[];
    };
    const answers = exported.bookings.find((row) => row.orderNumber === booking.orderNumber)!.answers;
    expect(answers).toContainEqual({ question: 'Ernährung', ticket: 2, person: 1, answer: 'vegan' });
    expect(answers).toContainEqual({ question: 'Allergien', ticket: 1, person: 1, answer: 'Nüsse' });

    const deleted = await t.app.request('/api/profile', {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json', ...as(person.cookie) },
      body: JSON.stringify({ confirm: ACCOUNT_DELETION_CONFIRM_WORD }),
    });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.profileId).toBeNull();
    expect(row!.answers).toBeNull();
  });
});
