import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '@shared/booking';
import { DELETED_PERSON_NAME, PRIVACY_MESSAGES } from '@shared/privacy';
import { createEvent, createUser } from '@server/demo/factories';
import {
  bookings,
  eventOrganizers,
  mailOutbox,
  newsletterSubscriptions,
  payments,
  refunds,
  tickets,
  user,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post, signIn } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';
import { closeGate, untilWaiting } from '../helpers/lock-gate';
import { DAY, type ErrorBody } from '../helpers/tickets';

// Account deletion against a booking or a payment in flight (issue 29 point 1, decision 045,
// docs/product/accounts-and-consent.md#deletion-serialised). Each race is provoked deterministically: a gate
// (a second connection holding a row lock) stops one side at a chosen statement, the other side runs until it
// is done or waits too, then the gate opens. Every interleaving runs RUNS times with a fresh person; the
// test lists every violation it found. PostgreSQL only (PGlite has one connection: nothing runs at once).

const RUNS = 20;

let t: TestApp;
let pool: pg.Pool;
let organizerId: string;
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  t = await createTestApp();
  pool = t.database.pool!;
  organizerId = (await createUser(t.database.db, { role: 'organizer', name: 'Olga Veranstalterin' })).user.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const as = (cookie: string) => ({ cookie });
const deleteProfile = (cookie: string) =>
  t.app.request('/api/profile', {
    method: 'DELETE',
    headers: { 'Content-Type': 'application/json', cookie },
    body: JSON.stringify({ confirm: 'LÖSCHEN' }),
  });

/** A signed-in person whose name, booking name and e-mail occur nowhere else, with a newsletter row. */
async function person() {
  const tag = randomBytes(4)
    .toString('hex')
    .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!);
  const name = `Vera Quendel${tag}`;
  const email = `vera.quendel${tag}@example.org`;
  const created = await createUser(db(), { name, email });
  await db().insert(newsletterSubscriptions).values({ email });
  const { cookie } = await signIn(t, email);
  return { id: created.user.id, name, holderName: `V. Q. Buchende${tag}`, email, cookie };
}
type Person = Awaited<ReturnType<typeof person>>;

/** An event 40 days ahead (full refund under the default tiers) with an organizer who hears of bookings. */
async function event(priceCents: number) {
  const created = await createEvent(db(), { priceCents, startTime: new Date(Date.now() + 40 * DAY) });
  await db().insert(eventOrganizers).values({ eventId: created.id, userId: organizerId });
  return created;
}

const book = (who: Person, eventId: string) =>
  post(t, '/api/bookings', { eventId, quantity: 1, holderName: who.holderName }, as(who.cookie));

/** The gate that stops the deletion's erasure after it began: the person's newsletter row. */
const newsletterGate = (who: Person) =>
  closeGate(pool, 'SELECT id FROM newsletter_subscriptions WHERE email = $1 FOR UPDATE', [who.email]);

/** What must never be true after the race (the findings), as readable lines. */
async function violationsAfter(
  who: Person,
  eventId: string,
  answers: { label: string; res: Response; ok: number[] }[],
): Promise<string[]> {
  const found: string[] = [];
  for (const { label, res, ok } of answers) {
    if (ok.includes(res.status)) continue;
    found.push(`${label} answered ${res.status}: ${await res.text()}`);
  }
  if ((await db().select().from(user).where(eq(user.id, who.id))).length > 0)
    found.push('the account is still there');
  const orphans = await db()
    .select()
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), isNull(bookings.profileId)));
  for (const booking of orphans) {
    if (booking.status === 'confirmed') found.push('a confirmed booking without its person');
    if (booking.holderName !== DELETED_PERSON_NAME)
      found.push(`a booking keeps the name '${booking.holderName}'`);
  }
  const activeOrphans = await db()
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), isNull(tickets.profileId), eq(tickets.status, 'active')));
  if (activeOrphans.length > 0) found.push(`${activeOrphans.length} active ticket(s) without their person`);
  if (orphans.length > 0) {
    // the money of a booking whose person is gone goes back: all of it unless a policy cancellation
    // decided the share (40 days ahead: all of it under the default tiers as well)
    const paid = await db()
      .select({ id: payments.id, amountCents: payments.amountCents })
      .from(payments)
      .where(
        and(
          inArray(
            payments.bookingId,
            orphans.map((b) => b.id),
          ),
          eq(payments.status, 'succeeded'),
        ),
      );
    for (const payment of paid) {
      const [back] = await db()
        .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
        .from(refunds)
        .where(eq(refunds.paymentId, payment.id));
      if ((back?.cents ?? 0) < payment.amountCents)
        found.push(`paid ${payment.amountCents}, refunded ${back?.cents ?? 0}`);
    }
  }
  // the organizer's 'Neue Buchung' (and every other mail to someone else) must not name the person
  const others = await db()
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.to} <> ${who.email}`);
  for (const mail of others) {
    const text = `${mail.subject} ${mail.text} ${mail.html ?? ''}`.toLowerCase();
    for (const trace of [who.email, who.name, who.holderName]) {
      if (text.includes(trace.toLowerCase())) found.push(`'${mail.subject}' to ${mail.to} names ${trace}`);
    }
  }
  const seats = await seatInvariantViolations(db());
  if (seats.length > 0) found.push(`seat invariant: ${JSON.stringify(seats)}`);
  return found;
}

/** Runs one interleaving RUNS times and answers every violation, numbered by run. */
async function everyRun(race: (run: number) => Promise<string[]>): Promise<string[]> {
  const all: string[] = [];
  let violated = 0;
  for (let run = 1; run <= RUNS; run++) {
    const found = await race(run);
    if (found.length > 0) violated++;
    all.push(...found.map((line) => `run ${run}: ${line}`));
  }
  console.warn(`${expect.getState().currentTestName}: ${violated} of ${RUNS} runs with violations`);
  return all;
}

const refusedWith = async (res: Response, message: string) =>
  res.status !== 409 || ((await res.clone().json()) as ErrorBody).error.message === message;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'account deletion against a booking in flight (PostgreSQL)',
  () => {
    it(`the deletion began first: the booking waits for it and is refused (${RUNS} runs)`, async () => {
      const violations = await everyRun(async () => {
        const who = await person();
        const free = await event(0);
        const gate = await newsletterGate(who);
        const deleting = deleteProfile(who.cookie);
        await untilWaiting(pool, 1); // the erasure stopped at the gate
        const booking = book(who, free.id);
        await untilWaiting(pool, 2, booking); // the booking waits for the person (or, unguarded, is done)
        await gate.open();
        const [deleted, booked] = await Promise.all([deleting, booking]);
        const found = await violationsAfter(who, free.id, [
          { label: 'DELETE /api/profile', res: deleted, ok: [200] },
          { label: 'POST /api/bookings', res: booked, ok: [201, 409] },
        ]);
        if (!(await refusedWith(booked, PRIVACY_MESSAGES.accountDeleted)))
          found.push('refused without the German reason');
        return found;
      });
      expect(violations).toEqual([]);
    }, 120_000);

    it(`the booking began first: the deletion waits for it and then cancels it (${RUNS} runs)`, async () => {
      const violations = await everyRun(async () => {
        const who = await person();
        const free = await event(0);
        // the booking stops where it takes the seats (it holds the person by then)
        const gate = await closeGate(pool, 'SELECT id FROM events WHERE id = $1 FOR UPDATE', [free.id]);
        const booking = book(who, free.id);
        await untilWaiting(pool, 1);
        const deleting = deleteProfile(who.cookie);
        await untilWaiting(pool, 2, deleting);
        await gate.open();
        const [booked, deleted] = await Promise.all([booking, deleting]);
        const found = await violationsAfter(who, free.id, [
          { label: 'POST /api/bookings', res: booked, ok: [201, 409] },
          { label: 'DELETE /api/profile', res: deleted, ok: [200] },
        ]);
        if (booked.status === 201) {
          const view = (await booked.json()) as BookingView;
          const [row] = await db().select().from(bookings).where(eq(bookings.id, view.id));
          if (row?.status !== 'cancelled')
            found.push(`the booking the deletion waited for is ${row?.status}`);
        }
        return found;
      });
      expect(violations).toEqual([]);
    }, 120_000);
  },
);

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'account deletion against a payment in flight (PostgreSQL)',
  () => {
    /** A pending paid booking with its test payment started. */
    async function heldBooking(who: Person) {
      const paid = await event(4900);
      const res = await book(who, paid.id);
      expect(res.status, await res.clone().text()).toBe(201);
      const booking = (await res.json()) as BookingView;
      expect((await post(t, `/api/bookings/${booking.id}/payment`, {}, as(who.cookie))).status).toBe(200);
      return { eventId: paid.id, bookingId: booking.id };
    }
    const complete = (who: Person, bookingId: string) =>
      post(t, `/api/bookings/${bookingId}/payment/test/complete`, {}, as(who.cookie));

    it(`the deletion began first: the money that arrives is refunded in full (${RUNS} runs)`, async () => {
      const violations = await everyRun(async () => {
        const who = await person();
        const { eventId, bookingId } = await heldBooking(who);
        const gate = await newsletterGate(who);
        const deleting = deleteProfile(who.cookie);
        await untilWaiting(pool, 1);
        const paying = complete(who, bookingId);
        await untilWaiting(pool, 2, paying);
        await gate.open();
        const [deleted, paid] = await Promise.all([deleting, paying]);
        const found = await violationsAfter(who, eventId, [
          { label: 'DELETE /api/profile', res: deleted, ok: [200] },
          { label: 'POST …/payment/test/complete', res: paid, ok: [200, 409] },
        ]);
        if (!(await refusedWith(paid, PRIVACY_MESSAGES.paymentAfterDeletion)))
          found.push('refused without the German reason');
        const [row] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
        if (row?.status === 'confirmed') found.push('the booking was confirmed after the deletion');
        return found;
      });
      expect(violations).toEqual([]);
    }, 120_000);

    it(`the payment began first: the deletion waits and cancels the paid booking under its policy (${RUNS} runs)`, async () => {
      const violations = await everyRun(async () => {
        const who = await person();
        const { eventId, bookingId } = await heldBooking(who);
        // the settlement stops where it locks the booking (it holds the person by then)
        const gate = await closeGate(pool, 'SELECT id FROM bookings WHERE id = $1 FOR UPDATE', [bookingId]);
        const paying = complete(who, bookingId);
        await untilWaiting(pool, 1);
        const deleting = deleteProfile(who.cookie);
        await untilWaiting(pool, 2, deleting);
        await gate.open();
        const [paid, deleted] = await Promise.all([paying, deleting]);
        const found = await violationsAfter(who, eventId, [
          { label: 'POST …/payment/test/complete', res: paid, ok: [200] },
          { label: 'DELETE /api/profile', res: deleted, ok: [200] },
        ]);
        const [row] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
        if (row?.status !== 'cancelled') found.push(`the paid booking is ${row?.status}, not cancelled`);
        return found;
      });
      expect(violations).toEqual([]);
    }, 120_000);

    it(`unsynchronised: booking, payment and deletion fired at once (${RUNS} runs)`, async () => {
      const violations = await everyRun(async () => {
        const who = await person();
        const { eventId, bookingId } = await heldBooking(who);
        const free = await event(0);
        const [deleted, paid, booked] = await Promise.all([
          deleteProfile(who.cookie),
          complete(who, bookingId),
          book(who, free.id),
        ]);
        return [
          ...(await violationsAfter(who, eventId, [
            { label: 'DELETE /api/profile', res: deleted, ok: [200] },
            // the deletion may have ended the session first: 401
            { label: 'POST …/payment/test/complete', res: paid, ok: [200, 401, 409] },
          ])),
          ...(await violationsAfter(who, free.id, [
            { label: 'POST /api/bookings', res: booked, ok: [201, 401, 409] },
          ])),
        ];
      });
      expect(violations).toEqual([]);
    }, 120_000);
  },
);
