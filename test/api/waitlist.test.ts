import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '@shared/booking';
import type { PublicEvent } from '@shared/events';
import {
  offerMailSubject,
  WAITLIST_MESSAGES,
  type AdminWaitlist,
  type MyWaitlist,
  type MyWaitlistEntry,
} from '@shared/waitlist';
import { expireHolds } from '@server/core/bookings/expire-holds';
import { HOLD_MINUTES } from '@server/core/bookings/create-booking';
import { expireOffers } from '@server/core/waitlist/expire-offers';
import { createBooking, createEvent } from '@server/demo/factories';
import { bookings, events, mailOutbox, waitlistEntries } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';
import { TEST_MAIL } from '../helpers/mail-context';
import { availableSeats, DAY, HOUR, MINUTE, signedInUser, type ErrorBody } from '../helpers/tickets';

// The waiting list of a sold-out event and its offers (docs/product/waiting-list.md).

type Person = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
let admin: Person;
let holder: Person;
const db = () => t.database.db;
const as = (person: Person): Record<string, string> => ({ cookie: person.cookie });

const join = (person: Person, eventId: string) => post(t, '/api/waitlist', { eventId }, as(person));
async function joined(person: Person, eventId: string): Promise<MyWaitlistEntry> {
  const res = await join(person, eventId);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as MyWaitlistEntry;
}
async function mine(person: Person): Promise<MyWaitlistEntry[]> {
  const res = await t.app.request('/api/waitlist', { headers: as(person) });
  expect(res.status).toBe(200);
  return ((await res.json()) as MyWaitlist).entries;
}
const leave = (person: Person, entryId: string) =>
  t.app.request(`/api/waitlist/${entryId}`, { method: 'DELETE', headers: as(person) });
const entry = async (id: string) =>
  (await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0]!;
const offerMails = (to: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to)))
    .orderBy(desc(mailOutbox.createdAt))
    .then((rows) => rows.filter((row) => row.subject.startsWith('Dein Platz ist frei')));
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error.message;
async function adminList(eventId: string): Promise<AdminWaitlist> {
  const res = await t.app.request(`/api/admin/events/${eventId}/waitlist`, { headers: as(admin) });
  expect(res.status).toBe(200);
  return (await res.json()) as AdminWaitlist;
}
async function expectInvariant() {
  expect(await seatInvariantViolations(db())).toEqual([]);
}

/** A published event with `seats` seats, all sold to `holder`; answers the event and the holder's tickets. */
async function soldOutEvent(overrides: Partial<typeof events.$inferInsert> = {}, seats = 2) {
  const event = await createEvent(db(), {
    totalSeats: seats,
    startTime: new Date(Date.now() + 10 * DAY),
    ...overrides,
  });
  const perTicket = event.priceUnit === 'per_pair' ? 2 : 1;
  const booked = await createBooking(db(), { event, profileId: holder.id, quantity: seats / perTicket });
  return { event, tickets: booked.tickets };
}
async function cancel(ticketId: string) {
  const res = await post(t, `/api/tickets/${ticketId}/cancel`, {}, as(holder));
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  holder = await signedInUser(t, 'attendee');
});
afterAll(() => t.close());

describe('joining (docs/product/waiting-list.md#join)', () => {
  it('puts people on a sold-out event in order, once each, and shows their place', async () => {
    const { event } = await soldOutEvent();
    const [anna, ben] = [await signedInUser(t), await signedInUser(t)];
    const first = await joined(anna, event.id);
    expect(first).toMatchObject({ eventId: event.id, status: 'waiting', position: 1, quantity: 1, seats: 1 });
    expect((await joined(ben, event.id)).position).toBe(2);

    const again = await join(anna, event.id);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(WAITLIST_MESSAGES.already);
    expect((await mine(ben)).map((e) => e.position)).toEqual([2]);
  });

  it('refuses guests, free seats, closed lists and started events, changing nothing', async () => {
    const open = await createEvent(db(), { totalSeats: 5 });
    const person = await signedInUser(t);
    const free = await join(person, open.id);
    expect(free.status).toBe(409);
    expect(await errorOf(free)).toBe(WAITLIST_MESSAGES.seatsFree);

    const guest = await post(t, '/api/waitlist', { eventId: open.id });
    expect(guest.status).toBe(401);
    expect(await errorOf(guest)).toBe(WAITLIST_MESSAGES.signIn);

    const { event: closed } = await soldOutEvent({ waitlistEnabled: false });
    const refused = await join(person, closed.id);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(WAITLIST_MESSAGES.closed);

    const { event: started } = await soldOutEvent();
    await db()
      .update(events)
      .set({ startTime: new Date(Date.now() - HOUR) })
      .where(eq(events.id, started.id));
    const late = await join(person, started.id);
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toBe(WAITLIST_MESSAGES.started);
    expect(await mine(person)).toEqual([]);
  });

  it('tells visitors whether the list is open', async () => {
    const { event } = await soldOutEvent();
    const res = await t.app.request(`/api/events/${event.slug}`);
    const shown = (await res.json()) as PublicEvent;
    expect(shown).toMatchObject({ availableSeats: 0, waitlistEnabled: true });
  });
});

describe('offers (docs/product/waiting-list.md#offers)', () => {
  it('offers a cancelled seat to the first entry at once: seat held, mail written, badge stays sold out', async () => {
    const { event, tickets } = await soldOutEvent();
    const [anna, ben] = [await signedInUser(t), await signedInUser(t)];
    const first = await joined(anna, event.id);
    const second = await joined(ben, event.id);

    const started = performance.now();
    await cancel(tickets[0]!.id);
    const [mail] = await offerMails(anna.email);
    const ms = performance.now() - started;
    console.warn(
      `cancellation → offer mail in the outbox: ${ms.toFixed(1)} ms (one request, one transaction)`,
    );

    expect(mail?.subject).toBe(offerMailSubject(event.title));
    expect(mail?.text).toContain(`/checkout/${event.id}?angebot=${first.id}`);
    expect(await availableSeats(t, event.id)).toBe(0);
    const offered = await entry(first.id);
    expect(offered.status).toBe('offered');
    expect((await mine(anna))[0]).toMatchObject({ status: 'offered', position: null });
    expect((await mine(ben))[0]).toMatchObject({ id: second.id, status: 'waiting', position: 1 });
    expect(await offerMails(ben.email)).toEqual([]);
    await expectInvariant();
  });

  it('books exactly the offered ticket for its owner only; its hold running out passes the seat on', async () => {
    const { event, tickets } = await soldOutEvent();
    const [anna, ben] = [await signedInUser(t), await signedInUser(t)];
    const first = await joined(anna, event.id);
    const second = await joined(ben, event.id);
    await cancel(tickets[0]!.id);

    const order = { eventId: event.id, quantity: 1, holderName: 'Anna', waitlistEntryId: first.id };
    const stolen = await post(t, '/api/bookings', order, as(ben));
    expect(stolen.status).toBe(409);
    expect(await errorOf(stolen)).toBe(WAITLIST_MESSAGES.offerGone);
    const two = await post(t, '/api/bookings', { ...order, quantity: 2 }, as(anna));
    expect(two.status).toBe(422);
    const plain = await post(t, '/api/bookings', { ...order, waitlistEntryId: undefined }, as(anna));
    expect(plain.status).toBe(409); // sold out for everyone else

    const res = await post(t, '/api/bookings', order, as(anna));
    expect(res.status, await res.clone().text()).toBe(201);
    const booking = (await res.json()) as BookingView;
    expect(booking).toMatchObject({ status: 'pending', quantity: 1 });
    expect(await entry(first.id)).toMatchObject({ status: 'booked', bookingId: booking.id });
    expect(await availableSeats(t, event.id)).toBe(0);
    await expectInvariant();
    expect((await post(t, '/api/bookings', order, as(anna))).status).toBe(409);

    const held = (await db().select().from(bookings).where(eq(bookings.id, booking.id)))[0]!;
    await expireHolds(db(), new Date(held.holdExpiresAt!.getTime() - 1), TEST_MAIL);
    expect((await entry(second.id)).status).toBe('waiting');
    await expireHolds(db(), held.holdExpiresAt!, TEST_MAIL);
    expect((await entry(second.id)).status).toBe('offered');
    expect(await offerMails(ben.email)).toHaveLength(1);
    expect(HOLD_MINUTES).toBe(15);
    await expectInvariant();
  });

  it('a free event: the offer is confirmed at once with its ticket', async () => {
    const { event, tickets } = await soldOutEvent({ priceCents: 0 });
    const anna = await signedInUser(t);
    const first = await joined(anna, event.id);
    await cancel(tickets[0]!.id);
    const order = { eventId: event.id, quantity: 1, holderName: 'Anna', waitlistEntryId: first.id };
    const res = await post(t, '/api/bookings', order, as(anna));
    expect(res.status, await res.clone().text()).toBe(201);
    const booking = (await res.json()) as BookingView;
    expect(booking.status).toBe('confirmed');
    expect(booking.tickets).toHaveLength(1);
    await expectInvariant();
  });

  it("'Platz freigeben' passes the seat to the next entry; 'Warteliste verlassen' just leaves", async () => {
    const { event, tickets } = await soldOutEvent();
    const [anna, ben, cleo] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    const first = await joined(anna, event.id);
    const second = await joined(ben, event.id);
    const third = await joined(cleo, event.id);
    await cancel(tickets[0]!.id);

    const left = await leave(cleo, third.id);
    expect(left.status).toBe(200);
    expect(((await left.json()) as { message: string }).message).toBe(WAITLIST_MESSAGES.left);
    expect((await leave(ben, first.id)).status).toBe(404); // not theirs
    const declined = await leave(anna, first.id);
    expect(((await declined.json()) as { message: string }).message).toBe(WAITLIST_MESSAGES.declined);
    expect(await entry(first.id)).toMatchObject({ status: 'declined' });
    expect(await entry(second.id)).toMatchObject({ status: 'offered' });
    expect(await entry(third.id)).toMatchObject({ status: 'left' });
    expect((await leave(anna, first.id)).status).toBe(409);
    await expectInvariant();
  });

  it('an offer ends exactly at its time and the next entry gets the seat', async () => {
    const { event, tickets } = await soldOutEvent();
    const [anna, ben] = [await signedInUser(t), await signedInUser(t)];
    const first = await joined(anna, event.id);
    const second = await joined(ben, event.id);
    await cancel(tickets[0]!.id);
    const { offerExpiresAt, offeredAt } = await entry(first.id);
    expect(offerExpiresAt!.getTime() - offeredAt!.getTime()).toBe(24 * HOUR);

    // other tests' offers share the database: look at this event's entries only
    await expireOffers(db(), new Date(offerExpiresAt!.getTime() - 1), TEST_MAIL);
    expect((await entry(first.id)).status).toBe('offered');
    expect((await expireOffers(db(), offerExpiresAt!, TEST_MAIL)).ended).toBeGreaterThanOrEqual(1);
    expect(await entry(first.id)).toMatchObject({ status: 'expired' });
    expect(await entry(second.id)).toMatchObject({ status: 'offered' });
    expect((await mine(anna)).length).toBe(0);
    await expectInvariant();
  });
});

describe('offer time and closed events (docs/product/waiting-list.md#offer-time)', () => {
  it('close to the start an offer lasts half the time that is left', async () => {
    const { event, tickets } = await soldOutEvent({ startTime: new Date(Date.now() + 6 * HOUR) });
    const anna = await signedInUser(t);
    const first = await joined(anna, event.id);
    await cancel(tickets[0]!.id);
    const { offerExpiresAt, offeredAt } = await entry(first.id);
    const half = (event.startTime.getTime() - offeredAt!.getTime()) / 2;
    expect(Math.abs(offerExpiresAt!.getTime() - offeredAt!.getTime() - half)).toBeLessThanOrEqual(1);
    expect(offerExpiresAt!.getTime()).toBeLessThan(event.startTime.getTime());
  });

  it('no offers once the event is cancelled: open offers end, their seats go back', async () => {
    const { event, tickets } = await soldOutEvent({}, 3);
    const [anna, ben] = [await signedInUser(t), await signedInUser(t)];
    const first = await joined(anna, event.id);
    const second = await joined(ben, event.id);
    await cancel(tickets[0]!.id);
    expect((await entry(first.id)).status).toBe('offered');

    const res = await t.app.request(`/api/admin/events/${event.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', ...as(admin) },
      body: JSON.stringify({ status: 'cancelled' }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await entry(first.id)).status).toBe('expired');
    expect((await entry(second.id)).status).toBe('waiting');
    expect(await availableSeats(t, event.id)).toBe(1);
    await cancel(tickets[1]!.id);
    expect((await entry(second.id)).status).toBe('waiting');
    await expectInvariant();
  });

  it('the job ends offers of an event that has started', async () => {
    const { event, tickets } = await soldOutEvent();
    const anna = await signedInUser(t);
    const first = await joined(anna, event.id);
    await cancel(tickets[0]!.id);
    const afterStart = new Date(event.startTime.getTime() + MINUTE);
    // the offer would still be open, but the event has begun
    await db()
      .update(waitlistEntries)
      .set({ offerExpiresAt: new Date(afterStart.getTime() + DAY) })
      .where(eq(waitlistEntries.id, first.id));
    await expireOffers(db(), afterStart, TEST_MAIL);
    expect((await entry(first.id)).status).toBe('expired');
    expect(await availableSeats(t, event.id)).toBe(1);
    await expectInvariant();
  });
});

describe('the admin (docs/product/waiting-list.md#admin-waitlist)', () => {
  const patch = (eventId: string, body: unknown) =>
    t.app.request(`/api/admin/events/${eventId}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', ...as(admin) },
      body: JSON.stringify(body),
    });

  it('more seats are offered at once; a list turned off lets freed seats go on sale, turned on offers them', async () => {
    const { event, tickets } = await soldOutEvent();
    const [anna, ben] = [await signedInUser(t), await signedInUser(t)];
    const first = await joined(anna, event.id);
    const second = await joined(ben, event.id);

    expect((await patch(event.id, { totalSeats: 3 })).status).toBe(200);
    expect((await entry(first.id)).status).toBe('offered');
    expect(await availableSeats(t, event.id)).toBe(0);

    const off = await patch(event.id, { waitlistEnabled: false });
    expect(((await off.json()) as { waitlistEnabled: boolean; waitlistCount: number }).waitlistCount).toBe(2);
    await cancel(tickets[0]!.id);
    expect((await entry(second.id)).status).toBe('waiting');
    expect(await availableSeats(t, event.id)).toBe(1);
    expect((await join(await signedInUser(t), event.id)).status).toBe(409);

    expect((await patch(event.id, { waitlistEnabled: true })).status).toBe(200);
    expect((await entry(second.id)).status).toBe('offered');
    expect(await availableSeats(t, event.id)).toBe(0);
    await expectInvariant();
  });

  it('lists the entries in order, removes one and offers a seat by hand out of order', async () => {
    const { event, tickets } = await soldOutEvent({}, 3);
    const people = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    const entries = [];
    for (const person of people) entries.push(await joined(person, event.id));

    const list = await adminList(event.id);
    expect(list.entries.map((e) => [e.email, e.position, e.status])).toEqual(
      people.map((person, i) => [person.email, i + 1, 'waiting']),
    );
    const none = await post(t, `/api/admin/waitlist/${entries[2]!.id}/offer`, {}, as(admin));
    expect(none.status).toBe(409);
    expect(await errorOf(none)).toBe(WAITLIST_MESSAGES.noSeatsForOffer);

    // with the list off a freed seat stays free; the admin gives it to the third person
    await patch(event.id, { waitlistEnabled: false });
    await cancel(tickets[0]!.id);
    const byHand = await post(t, `/api/admin/waitlist/${entries[2]!.id}/offer`, {}, as(admin));
    expect(byHand.status, await byHand.clone().text()).toBe(200);
    expect((await entry(entries[2]!.id)).status).toBe('offered');
    expect(await offerMails(people[2]!.email)).toHaveLength(1);

    const removed = await t.app.request(`/api/admin/waitlist/${entries[2]!.id}`, {
      method: 'DELETE',
      headers: as(admin),
    });
    expect(removed.status).toBe(200);
    expect(await availableSeats(t, event.id)).toBe(1); // the list is off: the seat went on sale
    const after = await adminList(event.id);
    expect(after.entries.map((e) => [e.position, e.status])).toEqual([
      [1, 'waiting'],
      [2, 'waiting'],
      [null, 'removed'],
    ]);
    const attendee = await t.app.request(`/api/admin/events/${event.id}/waitlist`, {
      headers: as(people[0]!),
    });
    expect(attendee.status).toBe(403);
    await expectInvariant();
  });

  it('deleting an account gives its offered seat to the next entry', async () => {
    const { event, tickets } = await soldOutEvent();
    const [anna, ben] = [await signedInUser(t), await signedInUser(t)];
    await joined(anna, event.id);
    const second = await joined(ben, event.id);
    await cancel(tickets[0]!.id);
    const res = await t.app.request(`/api/admin/users?id=${anna.id}`, {
      method: 'DELETE',
      headers: as(admin),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await entry(second.id)).status).toBe('offered');
    await expectInvariant();
  });
});

describe('per-pair events (docs/product/waiting-list.md#offers)', () => {
  it('an entry is one pair; a single freed seat is not offered, two are', async () => {
    const { event, tickets } = await soldOutEvent({ priceUnit: 'per_pair' }, 4);
    const anna = await signedInUser(t);
    const first = await joined(anna, event.id);
    expect(first.seats).toBe(2);
    // an admin lowers a booking by one seat (odd seats); here: one more seat
    const res = await t.app.request(`/api/admin/events/${event.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', ...as(admin) },
      body: JSON.stringify({ totalSeats: 5 }),
    });
    expect(res.status).toBe(200);
    expect((await entry(first.id)).status).toBe('waiting');
    await cancel(tickets[0]!.id);
    expect((await entry(first.id)).status).toBe('offered');
    expect(await availableSeats(t, event.id)).toBe(1);
    await expectInvariant();
  });
});
