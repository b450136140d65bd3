import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@shared/admin-dashboard';
import { expireHolds } from '@server/core/bookings/expire-holds';
import { createBooking, createEvent, createUser } from '@server/demo/factories';
import type { Booking, Event } from '@server/db/types';
import { events, payments, refunds, tickets } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { signIn, uniqueEmail } from '../helpers/auth';
import { TEST_MAIL } from '../helpers/mail-context';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 3_600_000;

async function signedIn(role: 'attendee' | 'organizer' | 'admin') {
  const email = uniqueEmail(role);
  await createUser(t.database.db, { email, role });
  return (await signIn(t, email)).cookie;
}

const get = (cookie?: string) => t.app.request('/api/admin/dashboard', { headers: cookie ? { cookie } : {} });

async function dashboard(cookie: string) {
  const res = await get(cookie);
  expect(res.status).toBe(200);
  expect(res.headers.get('Cache-Control')).toBe('no-store');
  return (await res.json()) as AdminDashboard;
}

describe('GET /api/admin/dashboard', () => {
  let admin: string;

  it('answers anonymous 401, attendee and organizer 403, admin 200 (zeros on an empty shop)', async () => {
    expect((await get()).status).toBe(401);
    expect((await get(await signedIn('attendee'))).status).toBe(403);
    expect((await get(await signedIn('organizer'))).status).toBe(403);
    admin = await signedIn('admin');
    const empty = await dashboard(admin);
    expect(empty.events).toEqual({
      active: 0,
      total: 0,
      byStatus: { draft: 0, published: 0, cancelled: 0, completed: 0 },
    });
    expect(empty.bookings).toEqual({
      confirmedTotal: 0,
      confirmedLastDays: 0,
      ticketsSoldTotal: 0,
      ticketsSoldLastDays: 0,
    });
    expect(empty.revenue).toEqual({ live: { total: [], lastDays: [] }, test: { total: [], lastDays: [] } });
    expect(empty.conversion).toEqual({ confirmed: 0, started: 0, rate: null });
    expect([empty.newestEvents, empty.newestBookings, empty.upcomingEvents]).toEqual([[], [], []]);
    expect(empty.windowDays).toBe(30);
  });

  describe('on a known data set', () => {
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * DAY);
    const ahead = (days: number) => new Date(now + days * DAY);
    let e: Record<string, Event>;
    let b: Record<string, Booking>;
    let figures: AdminDashboard;

    /** Turns the factory's test payment of a booking into a real (Stripe) one. */
    async function paidByStripe(booking: Booking) {
      const [payment] = await t.database.db
        .update(payments)
        .set({ provider: 'stripe', providerPaymentId: `pi_${randomUUID()}` })
        .where(eq(payments.bookingId, booking.id))
        .returning();
      return payment!;
    }

    async function payment(booking: Booking, values: Partial<typeof payments.$inferInsert>) {
      const [row] = await t.database.db
        .insert(payments)
        .values({
          bookingId: booking.id,
          provider: 'stripe',
          amountCents: booking.totalAmountCents,
          currency: booking.currency,
          idempotencyKey: randomUUID(),
          ...values,
        })
        .returning();
      return row!;
    }

    async function refund(pay: typeof payments.$inferSelect, values: Partial<typeof refunds.$inferInsert>) {
      await t.database.db.insert(refunds).values({
        paymentId: pay.id,
        bookingId: pay.bookingId,
        amountCents: 1,
        currency: pay.currency,
        ...values,
      });
    }

    beforeAll(async () => {
      const db = t.database.db;
      const anna = await createUser(db, { name: 'Anna Alt', email: 'anna.alt@example.org' });
      const ben = await createUser(db, { name: 'Ben Bauer', email: 'ben.bauer@example.org' });
      const event = (title: string, startDays: number, createdDays: number, extra = {}) =>
        createEvent(db, { title, startTime: ahead(startDays), createdAt: ago(createdDays), ...extra });
      e = {
        e1: await event('Eins', 10, 50, { totalSeats: 20 }),
        e2: await event('Zwei Paare', 20, 40, { totalSeats: 10, priceUnit: 'per_pair', priceCents: 6000 }),
        e3: await event('Versteckt', 5, 30, { hidden: true }),
        e4: await event('Vorbei', -10, 60),
        e5: await event('Entwurf', 15, 2, { status: 'draft' }),
        e6: await event('Abgesagt', 12, 3, { status: 'cancelled' }),
        e7: await event('Sieben', 60, 1),
        e8: await event('Acht', 90, 20),
        e9: await event('Dollar', 120, 10, { currency: 'USD', priceCents: 2500 }),
      };
      const book = (event: Event, profileId: string, days: number, extra: object = {}) =>
        createBooking(db, { event, profileId, now: ago(days), ...extra }).then((made) => made.booking);
      b = {
        b1: await book(e.e1!, anna.user.id, 2, { quantity: 2 }),
        b2: await book(e.e1!, ben.user.id, 40),
        // a checkout in progress: its hold runs for another hour
        b3: await book(e.e1!, anna.user.id, 1 / 24, {
          quantity: 3,
          status: 'pending',
          booking: { holdExpiresAt: ahead(1 / 24) },
        }),
        b4: await book(e.e1!, ben.user.id, 3, { status: 'expired' }),
        // confirmed, paid, then cancelled and refunded in full: a conversion, but no longer a booking
        b5: await book(e.e1!, ben.user.id, 5, {
          status: 'cancelled',
          booking: { confirmedAt: ago(5), paymentStatus: 'refunded' },
        }),
        b6: await book(e.e2!, anna.user.id, 1, { booking: { holderName: 'Clara Gast' } }),
        b7: await book(e.e9!, ben.user.id, 10),
      };
      for (const [index, days] of [50, 51, 52, 53].entries()) {
        b[`old${index}`] = await book(e.e7!, anna.user.id, days, { status: 'expired' });
      }
      // b5's ticket, cancelled
      await db.insert(tickets).values({
        bookingId: b.b5!.id,
        eventId: e.e1!.id,
        profileId: ben.user.id,
        position: 1,
        ticketNumber: `T-${randomUUID()}`,
        status: 'canceled',
        priceCents: 4900,
        createdAt: ago(5),
        canceledAt: ago(4),
      });

      // live (Stripe) money: b1 9800 (2 days ago), b2 4900 (40 days ago), b5 4900 (5 days ago), b7 25 $
      const p1 = await paidByStripe(b.b1!);
      const p2 = await paidByStripe(b.b2!);
      await paidByStripe(b.b7!);
      const p5 = await payment(b.b5!, { status: 'succeeded', createdAt: ago(5) });
      await refund(p5, { amountCents: 4900, status: 'succeeded', createdAt: ago(4) });
      await refund(p2, { amountCents: 1000, status: 'pending', createdAt: ago(1) });
      await refund(p1, { amountCents: 500, status: 'failed', createdAt: ago(1) });
      await payment(b.b4!, { status: 'failed', amountCents: 7000, createdAt: ago(3) });
      // test money: b6 keeps the factory's test payment (6000), 2000 of it refunded
      const [p6] = await db.select().from(payments).where(eq(payments.bookingId, b.b6!.id));
      expect(p6?.provider).toBe('test');
      await refund(p6!, { amountCents: 2000, status: 'succeeded', createdAt: ago(1) });

      figures = await dashboard(admin);
    });

    it('counts active events (published, visible, future) and events by status', () => {
      expect(figures.events).toEqual({
        active: 5, // e1, e2, e7, e8, e9; not hidden e3, past e4, draft e5, cancelled e6
        total: 9,
        byStatus: { published: 7, draft: 1, cancelled: 1, completed: 0 },
      });
    });

    it('counts confirmed bookings and active tickets, in total and in the last 30 days', () => {
      expect(figures.bookings).toEqual({
        confirmedTotal: 4, // b1, b2, b6, b7
        confirmedLastDays: 3, // b2 is 40 days old
        ticketsSoldTotal: 5, // b1 ×2, b2, b6, b7; b5's ticket is cancelled
        ticketsSoldLastDays: 4,
      });
    });

    it('nets refunds out of revenue, per currency, and keeps test payments apart', () => {
      expect(figures.revenue.live.total).toEqual([
        // 9800 + 4900 + 4900 paid; 4900 refunded + 1000 pending; the failed refund and payment do not count
        { currency: 'EUR', paidCents: 19_600, refundedCents: 5900, netCents: 13_700 },
        { currency: 'USD', paidCents: 2500, refundedCents: 0, netCents: 2500 },
      ]);
      expect(figures.revenue.live.lastDays).toEqual([
        // b2's payment is older than 30 days, its pending refund is not
        { currency: 'EUR', paidCents: 14_700, refundedCents: 5900, netCents: 8800 },
        { currency: 'USD', paidCents: 2500, refundedCents: 0, netCents: 2500 },
      ]);
      const test = { currency: 'EUR', paidCents: 6000, refundedCents: 2000, netCents: 4000 };
      expect(figures.revenue.test).toEqual({ total: [test], lastDays: [test] });
    });

    it('computes conversion over checkouts started in the last 30 days', () => {
      // started: b1, b3, b4, b5, b6, b7 (b2 and the four old ones are older); reached confirmation: b1, b5, b6, b7
      expect(figures.conversion).toEqual({ confirmed: 4, started: 6, rate: 4 / 6 });
    });

    it('lists the newest 5 events and the newest 10 bookings, newest first', () => {
      expect(figures.newestEvents.map((event) => event.title)).toEqual([
        'Sieben',
        'Entwurf',
        'Abgesagt',
        'Dollar',
        'Acht',
      ]);
      expect(figures.newestEvents[1]).toMatchObject({ id: e.e5!.id, status: 'draft', hidden: false });
      const ids = figures.newestBookings.map((booking) => booking.id);
      expect(ids).toEqual(
        ['b3', 'b6', 'b1', 'b4', 'b5', 'b7', 'b2', 'old0', 'old1', 'old2'].map((key) => b[key]!.id),
      );
      expect(figures.newestBookings[1]).toMatchObject({
        buyerName: 'Clara Gast', // the holder's name wins over the account's
        buyerEmail: 'anna.alt@example.org',
        eventId: e.e2!.id,
        eventTitle: 'Zwei Paare',
        quantity: 1,
        totalAmountCents: 6000,
        status: 'confirmed',
        isTest: false,
      });
      expect(figures.newestBookings[0]).toMatchObject({
        buyerName: 'Anna Alt',
        quantity: 3,
        totalAmountCents: 14_700,
        status: 'pending',
      });
      expect(figures.newestBookings[3]).toMatchObject({ buyerName: 'Ben Bauer', status: 'expired' });
    });

    it('lists the next 5 published events with sold and held seats', async () => {
      expect(figures.upcomingEvents.map((event) => event.title)).toEqual([
        'Versteckt',
        'Eins',
        'Zwei Paare',
        'Sieben',
        'Acht',
      ]);
      const [e1, e2] = [figures.upcomingEvents[1]!, figures.upcomingEvents[2]!];
      // e1: b1 2 + b2 1 sold, b3 3 held of 20
      expect(e1).toMatchObject({ totalSeats: 20, availableSeats: 14, soldSeats: 3, heldSeats: 3 });
      // a per_pair ticket takes two seats
      expect(e2).toMatchObject({ totalSeats: 10, availableSeats: 8, soldSeats: 2, heldSeats: 0 });
      expect(figures.upcomingEvents[0]).toMatchObject({ hidden: true, soldSeats: 0, heldSeats: 0 });
      // when the held checkout expires, its seats become free again and nothing counts as sold twice
      expect(await expireHolds(t.database.db, ahead(1), TEST_MAIL)).toBe(1);
      const [row] = await t.database.db.select().from(events).where(eq(events.id, e.e1!.id));
      expect(row?.availableSeats).toBe(17);
      const after = (await dashboard(admin)).upcomingEvents.find((event) => event.id === e.e1!.id);
      expect(after).toMatchObject({ availableSeats: 17, soldSeats: 3, heldSeats: 0 });
    });
  });
});
