import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, type BookingView } from '@shared/booking';
import { createBooking } from '@server/core/bookings/create-booking';
import { expireHolds } from '@server/core/bookings/expire-holds';
import { issueTickets } from '@server/core/bookings/issue-tickets';
import { createEvent, createUser, HOLD_MINUTES } from '@server/demo/factories';
import { bookings, events, tickets, user, userNotificationPreferences } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post, signIn, uniqueEmail } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';
import { TEST_MAIL } from '../helpers/mail-context';

// Placing an order (docs/product/booking-and-seats.md): server prices, seats, holds, tickets.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  expect(await seatInvariantViolations(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string } };
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A signed-in user with a complete profile (factory user, then code sign-in). */
async function bookingUser(role: 'attendee' | 'admin' = 'attendee') {
  const email = uniqueEmail(role);
  const created = await createUser(t.database.db, { email, role });
  const { cookie } = await signIn(t, email);
  return { cookie, id: created.user.id };
}

const book = (cookie: string | undefined, body: unknown) =>
  post(t, '/api/bookings', body, cookie ? { cookie } : {});
const getBooking = (cookie: string, id: string) =>
  t.app.request(`/api/bookings/${id}`, { headers: { cookie } });
const seatsOf = async (eventId: string) =>
  (await t.database.db.select().from(events).where(eq(events.id, eventId)))[0]!.availableSeats;
const countBookings = async (eventId: string) =>
  (await t.database.db.select().from(bookings).where(eq(bookings.eventId, eventId))).length;

describe('POST /api/bookings', () => {
  it('refuses anonymous callers with 401', async () => {
    const event = await createEvent(t.database.db);
    const res = await book(undefined, { eventId: event.id, quantity: 1, holderName: 'Anna' });
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error.message).toBe(BOOKING_MESSAGES.signInRequired);
    expect(await seatsOf(event.id)).toBe(20);
  });

  it('refuses an incomplete profile with 422 listing what is missing', async () => {
    const email = uniqueEmail('incomplete');
    const created = await createUser(t.database.db, {
      email,
      emailVerified: false,
      profile: { fullName: null, phone: null },
    });
    const { cookie } = await signIn(t, email);
    // signing in by code confirms the address; make it unconfirmed again to see all three parts
    await t.database.db.update(user).set({ emailVerified: false }).where(eq(user.id, created.user.id));
    await t.database.db
      .update(userNotificationPreferences)
      .set({ emailConfirmed: false })
      .where(eq(userNotificationPreferences.userId, created.user.id));
    const event = await createEvent(t.database.db);
    const res = await book(cookie, { eventId: event.id, quantity: 1, holderName: 'Anna' });
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).error.message).toBe(
      'Um ein Ticket zu buchen, benötigen wir noch: Bitte bestätige deine Email-Adresse, Bitte gib deinen Namen an, Bitte gib deine Telefonnummer an',
    );
    expect(await seatsOf(event.id)).toBe(20);
  });

  it('validates the input (quantity ≥ 1, holder name required)', async () => {
    const { cookie } = await bookingUser();
    const event = await createEvent(t.database.db);
    const zero = await book(cookie, { eventId: event.id, quantity: 0, holderName: 'Anna' });
    expect(zero.status).toBe(422);
    const noName = await book(cookie, { eventId: event.id, quantity: 1, holderName: '   ' });
    expect(noName.status).toBe(422);
    expect(JSON.stringify(await noName.json())).toContain(BOOKING_MESSAGES.holderName);
    const badId = await book(cookie, { eventId: 'nope', quantity: 1, holderName: 'Anna' });
    expect(badId.status).toBe(422);
    expect(await seatsOf(event.id)).toBe(20);
  });

  it('books a paid event as pending with a 15-minute hold, priced by the server', async () => {
    const { cookie } = await bookingUser();
    const event = await createEvent(t.database.db, { priceCents: 4900 });
    const before = Date.now();
    const res = await book(cookie, {
      eventId: event.id,
      quantity: 3,
      holderName: '  Anna Beispiel ',
      unitPriceCents: 1,
      totalAmountCents: 1,
    });
    expect(res.status).toBe(201);
    const booking = (await res.json()) as BookingView;
    expect(booking).toMatchObject({
      eventId: event.id,
      status: 'pending',
      paymentStatus: 'pending',
      quantity: 3,
      seats: 3,
      unitPriceCents: 4900,
      totalAmountCents: 14700,
      currency: 'EUR',
      holderName: 'Anna Beispiel',
      isTest: false,
      tickets: [],
    });
    const hold = Date.parse(booking.holdExpiresAt!);
    expect(hold).toBeGreaterThanOrEqual(before + HOLD_MINUTES * MINUTE);
    expect(hold).toBeLessThanOrEqual(Date.now() + HOLD_MINUTES * MINUTE);
    expect(await seatsOf(event.id)).toBe(17);
  });

  it('confirms a free event at once with its tickets (code = last 4 of the number)', async () => {
    const { cookie } = await bookingUser();
    const event = await createEvent(t.database.db, { priceCents: 0 });
    const res = await book(cookie, { eventId: event.id, quantity: 2, holderName: 'Anna' });
    expect(res.status).toBe(201);
    const booking = (await res.json()) as BookingView;
    expect(booking).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'not_required',
      totalAmountCents: 0,
      holdExpiresAt: null,
    });
    expect(booking.tickets).toHaveLength(2);
    for (const ticket of booking.tickets) {
      expect(ticket.ticketNumber).toMatch(/^WR-\d{6}-[0-9A-F]{10}-\d{4}$/);
      expect(ticket.code).toBe(ticket.ticketNumber.slice(-4));
    }
    expect(new Set(booking.tickets.map((ticket) => ticket.ticketNumber)).size).toBe(2);
    const rows = await t.database.db.select().from(tickets).where(eq(tickets.bookingId, booking.id));
    expect(rows.map((row) => row.position).sort()).toEqual([1, 2]);
    expect(await seatsOf(event.id)).toBe(18);
  });

  it('takes two seats per ticket on per-pair events', async () => {
    const { cookie } = await bookingUser();
    const event = await createEvent(t.database.db, { priceUnit: 'per_pair', priceCents: 8000 });
    const res = await book(cookie, { eventId: event.id, quantity: 2, holderName: 'Anna' });
    expect(res.status).toBe(201);
    const booking = (await res.json()) as BookingView;
    expect(booking).toMatchObject({ quantity: 2, seats: 4, unitPriceCents: 8000, totalAmountCents: 16000 });
    expect(await seatsOf(event.id)).toBe(16);
  });

  it('answers 409 when not enough seats are left, changing nothing', async () => {
    const { cookie } = await bookingUser();
    const event = await createEvent(t.database.db, { totalSeats: 3, priceUnit: 'per_pair' });
    const res = await book(cookie, { eventId: event.id, quantity: 2, holderName: 'Anna' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(BOOKING_MESSAGES.soldOut);
    expect(await seatsOf(event.id)).toBe(3);
    expect(await countBookings(event.id)).toBe(0);
  });

  it.each([
    ['draft', { status: 'draft' as const }],
    ['hidden', { hidden: true }],
    ['past', { startTime: new Date(Date.now() - DAY), endTime: new Date(Date.now() - DAY + 1000) }],
  ])('answers 404 for a %s event', async (_, overrides) => {
    const { cookie } = await bookingUser();
    const event = await createEvent(t.database.db, overrides);
    const res = await book(cookie, { eventId: event.id, quantity: 1, holderName: 'Anna' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.message).toBe(BOOKING_MESSAGES.eventNotFound);
    expect(await seatsOf(event.id)).toBe(20);
    expect(await countBookings(event.id)).toBe(0);
  });

  it('answers 404 for an event that does not exist', async () => {
    const { cookie } = await bookingUser();
    const res = await book(cookie, {
      eventId: '00000000-0000-4000-8000-000000000000',
      quantity: 1,
      holderName: 'Anna',
    });
    expect(res.status).toBe(404);
  });
});

describe('GET /api/bookings/:id', () => {
  it('shows the owner and admins the booking, everyone else a 404', async () => {
    const owner = await bookingUser();
    const other = await bookingUser();
    const admin = await bookingUser('admin');
    const event = await createEvent(t.database.db);
    const created = (await (
      await book(owner.cookie, { eventId: event.id, quantity: 1, holderName: 'Anna' })
    ).json()) as BookingView;

    const mine = await getBooking(owner.cookie, created.id);
    expect(mine.status).toBe(200);
    expect(await mine.json()).toEqual(created);
    expect((await getBooking(admin.cookie, created.id)).status).toBe(200);

    const foreign = await getBooking(other.cookie, created.id);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as ErrorBody).error.message).toBe(BOOKING_MESSAGES.bookingNotFound);
    expect((await getBooking(owner.cookie, 'not-a-uuid')).status).toBe(404);
    expect((await getBooking(owner.cookie, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('requires sign-in', async () => {
    const res = await t.app.request('/api/bookings/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(401);
  });
});

describe('booking core', () => {
  it('applies the early-bird price until one ms before its end, the normal price from then', async () => {
    const { user: buyer } = await createUser(t.database.db);
    const endsAt = new Date(Date.now() + DAY);
    const event = await createEvent(t.database.db, {
      priceCents: 5000,
      earlyBirdPriceCents: 3500,
      earlyBirdEndsAt: endsAt,
    });
    const input = { eventId: event.id, quantity: 2, holderName: 'Anna' };
    const early = await createBooking({
      db: t.database.db,
      userId: buyer.id,
      input,
      now: new Date(endsAt.getTime() - 1),
    });
    expect(early).toMatchObject({ unitPriceCents: 3500, totalAmountCents: 7000 });
    const normal = await createBooking({ db: t.database.db, userId: buyer.id, input, now: endsAt });
    expect(normal).toMatchObject({ unitPriceCents: 5000, totalAmountCents: 10000 });
    expect(await seatsOf(event.id)).toBe(16);
  });

  it('expires holds past their end and returns their seats', async () => {
    const { user: buyer } = await createUser(t.database.db);
    const first = await createEvent(t.database.db);
    const second = await createEvent(t.database.db, { priceUnit: 'per_pair' });
    const free = await createEvent(t.database.db, { priceCents: 0 });
    // bookings of other tests share this database: start in two hours, after clearing their holds
    const now = new Date(Date.now() + 2 * 60 * MINUTE);
    await expireHolds(t.database.db, now, TEST_MAIL);
    const make = (eventId: string, quantity: number, at = now) =>
      createBooking({
        db: t.database.db,
        userId: buyer.id,
        input: { eventId, quantity, holderName: 'A' },
        now: at,
      });
    const a = await make(first.id, 2);
    const b = await make(first.id, 1);
    const c = await make(second.id, 3);
    const later = await make(first.id, 1, new Date(now.getTime() + 10 * MINUTE));
    const confirmed = await make(free.id, 1);
    expect(await seatsOf(first.id)).toBe(16);
    expect(await seatsOf(second.id)).toBe(14);

    // nothing is due yet
    expect(
      await expireHolds(t.database.db, new Date(now.getTime() + HOLD_MINUTES * MINUTE - 1), TEST_MAIL),
    ).toBe(0);
    const expired = await expireHolds(
      t.database.db,
      new Date(now.getTime() + HOLD_MINUTES * MINUTE),
      TEST_MAIL,
    );
    expect(expired).toBe(3);
    expect(await seatsOf(first.id)).toBe(19);
    expect(await seatsOf(second.id)).toBe(20);
    expect(await seatsOf(free.id)).toBe(19);
    const statuses = await t.database.db
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(
        sql`${bookings.id} IN (${sql.join(
          [a.id, b.id, c.id, later.id, confirmed.id].map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
    const byId = Object.fromEntries(statuses.map((row) => [row.id, row.status]));
    expect(byId).toEqual({
      [a.id]: 'expired',
      [b.id]: 'expired',
      [c.id]: 'expired',
      [later.id]: 'pending',
      [confirmed.id]: 'confirmed',
    });
    // a second run finds nothing more
    expect(await expireHolds(t.database.db, new Date(now.getTime() + HOLD_MINUTES * MINUTE), TEST_MAIL)).toBe(
      0,
    );
  });

  it('issues tickets once, however often it is called', async () => {
    const { user: buyer } = await createUser(t.database.db);
    const event = await createEvent(t.database.db);
    const booking = await createBooking({
      db: t.database.db,
      userId: buyer.id,
      input: { eventId: event.id, quantity: 3, holderName: 'Anna' },
    });
    const first = await issueTickets(t.database.db, booking.id);
    const second = await issueTickets(t.database.db, booking.id);
    expect(first).toHaveLength(3);
    expect(second.map((ticket) => ticket.id)).toEqual(first.map((ticket) => ticket.id));
    expect(first.map((ticket) => ticket.position)).toEqual([1, 2, 3]);
    const rows = await t.database.db.select().from(tickets).where(eq(tickets.bookingId, booking.id));
    expect(rows).toHaveLength(3);
  });
});
