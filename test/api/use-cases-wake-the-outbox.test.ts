import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { AdminBankLine } from '@shared/bank-statements';
import type { BookingView } from '@shared/booking';
import type { MyWaitlistEntry } from '@shared/waitlist';
import { createBooking, createEvent } from '@server/demo/factories';
import { mailOutbox, waitlistEntries } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import {
  camtFile,
  openTransferBookings,
  TRANSFER_SETTINGS,
  uploadStatement,
} from '../helpers/bank-statements';
import { DAY, signedInUser } from '../helpers/tickets';

// A use case owns its work after the commit (docs/decisions/050-one-shape-for-use-cases.md): the endpoints whose
// use cases write mails wake the outbox themselves, while no route may call kick (eslint.config.js). Each case
// fails if its use case stops waking the outbox, since the route cannot do it for it.

type Person = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
let admin: Person;
let buyer: Person;
let kick: MockInstance<() => void>;
const db = () => t.database.db;
const as = (person: Person) => ({ cookie: person.cookie });
const send = (method: string, path: string, person: Person) =>
  t.app.request(path, { method, headers: as(person) });
const pendingMailsTo = async (to: string) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) => m.status === 'pending');
const offersTo = async (to: string) =>
  (await pendingMailsTo(to)).filter((mail) => mail.subject.startsWith('Dein Platz ist frei'));

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  buyer = await signedInUser(t, 'attendee');
  const { outbox } = t.services;
  const wake = outbox.kick.bind(outbox);
  kick = vi.spyOn(outbox, 'kick').mockImplementation(wake);
});
beforeEach(() => kick.mockClear());
afterAll(() => t.close());

/** Runs one request and answers it, with how often the outbox was woken while it ran. */
async function woken(request: () => Response | Promise<Response>, status = 200) {
  kick.mockClear();
  const res = await request();
  expect(res.status, await res.clone().text()).toBe(status);
  return kick.mock.calls.length;
}

describe('the waiting list (docs/product/waiting-list.md)', () => {
  it('joining, an offer passed on, an entry removed and an offer by hand wake the outbox', async () => {
    const event = await createEvent(db(), { totalSeats: 1, startTime: new Date(Date.now() + 20 * DAY) });
    const { tickets } = await createBooking(db(), { event, profileId: buyer.id });
    const [first, second] = [await signedInUser(t), await signedInUser(t)];
    const join = (person: Person) => post(t, '/api/waitlist', { eventId: event.id }, as(person));
    let joined: Response | undefined;
    expect(await woken(async () => (joined = await join(first)), 201)).toBeGreaterThan(0);
    const firstEntry = ((await joined!.json()) as MyWaitlistEntry).id;
    const secondEntry = ((await (await join(second)).json()) as MyWaitlistEntry).id;

    // the admin deletes the ticket: its seat is offered to the first entry (DELETE /api/admin/tickets/:id)
    expect(await woken(() => send('DELETE', `/api/admin/tickets/${tickets[0]!.id}`, admin))).toBeGreaterThan(
      0,
    );
    expect(await offersTo(first.email)).toHaveLength(1);
    // 'Platz freigeben': the seat goes on to the second entry
    expect(await woken(() => send('DELETE', `/api/waitlist/${firstEntry}`, first))).toBeGreaterThan(0);
    expect(await offersTo(second.email)).toHaveLength(1);
    // the admin's 'Entfernen'
    expect(await woken(() => send('DELETE', `/api/admin/waitlist/${secondEntry}`, admin))).toBeGreaterThan(0);

    // 'Platz anbieten' by hand: a free seat and one waiting entry
    const third = await signedInUser(t);
    const [waiting] = await db()
      .insert(waitlistEntries)
      .values({ eventId: event.id, profileId: third.id, seats: 1 })
      .returning();
    expect(
      await woken(() => post(t, `/api/admin/waitlist/${waiting!.id}/offer`, {}, as(admin))),
    ).toBeGreaterThan(0);
    expect(await offersTo(third.email)).toHaveLength(1);
  });
});

describe('the ticket transfer (docs/product/tickets-and-refunds.md#ticket-transfer)', () => {
  it("the buyer's and the admin's transfer both mail the substitute", async () => {
    const event = await createEvent(db(), { totalSeats: 5, startTime: new Date(Date.now() + 20 * DAY) });
    const { tickets } = await createBooking(db(), { event, profileId: buyer.id, quantity: 2 });
    const transfer = (path: string, person: Person, email: string) =>
      post(t, `${path}/${tickets[0]!.id}/transfer`, { name: 'Nora Neu', email }, as(person));
    const byBuyer = `nora-${Date.now()}@example.org`;
    expect(await woken(() => transfer('/api/tickets', buyer, byBuyer))).toBeGreaterThan(0);
    expect(await pendingMailsTo(byBuyer)).toHaveLength(1);
    const byAdmin = `olaf-${Date.now()}@example.org`;
    expect(await woken(() => transfer('/api/admin/tickets', admin, byAdmin))).toBeGreaterThan(0);
    expect(await pendingMailsTo(byAdmin)).toHaveLength(1);
  });
});

describe('bank transfer (docs/product/bank-transfer.md)', () => {
  beforeAll(async () => {
    const res = await t.app.request('/api/admin/settings/bank-transfer', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', ...as(admin) },
      body: JSON.stringify(TRANSFER_SETTINGS),
    });
    expect(res.status).toBe(200);
  });

  it('choosing transfer, marking paid, an import and an assigned line wake the outbox', async () => {
    const event = await createEvent(db(), { priceCents: 4000, startTime: new Date(Date.now() + 30 * DAY) });
    const placed = await post(
      t,
      '/api/bookings',
      { eventId: event.id, quantity: 1, holderName: 'Anna' },
      as(buyer),
    );
    expect(placed.status, await placed.clone().text()).toBe(201);
    const booking = (await placed.json()) as BookingView;
    const before = (await pendingMailsTo(buyer.email)).length;
    const choose = () => post(t, `/api/bookings/${booking.id}/payment/bank-transfer`, {}, as(buyer));
    expect(await woken(choose)).toBeGreaterThan(0);
    expect(await pendingMailsTo(buyer.email)).toHaveLength(before + 1); // the instructions
    const markPaid = () => post(t, `/api/admin/bank-transfers/${booking.id}/mark-paid`, {}, as(admin));
    expect(await woken(markPaid)).toBeGreaterThan(0);
    expect((await pendingMailsTo(buyer.email)).length).toBeGreaterThan(before + 1); // the confirmation

    // a partial payment by reference, and a line without one that the admin assigns
    const [named, unnamed] = await openTransferBookings(t, {
      count: 2,
      totalCents: 3000,
      profileId: buyer.id,
    });
    const file = camtFile([
      { ref: 'W1', amount: '10.00', text: [named!.reference] },
      { ref: 'W2', amount: '10.00', text: ['Seminar, bitte zuordnen'] },
    ]);
    const mails = (await pendingMailsTo(buyer.email)).length;
    expect(await woken(() => uploadStatement(t, admin.cookie, file))).toBeGreaterThan(0);
    expect(await pendingMailsTo(buyer.email)).toHaveLength(mails + 1); // 'Teilzahlung erhalten'
    const lines = (await (await send('GET', '/api/admin/bank-statements/lines', admin)).json()) as {
      lines: AdminBankLine[];
    };
    const open = lines.lines.find((line) => line.status === 'unmatched')!;
    const assign = () =>
      post(
        t,
        `/api/admin/bank-statements/lines/${open.id}/assign`,
        { orderNumber: unnamed!.orderNumber },
        as(admin),
      );
    expect(await woken(assign)).toBeGreaterThan(0);
    expect(await pendingMailsTo(buyer.email)).toHaveLength(mails + 2);
  });
});
