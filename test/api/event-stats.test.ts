import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf, type DashboardStats, type EventStats } from '@shared/event-stats';
import { createBooking, createEvent } from '@server/demo/factories';
import type { Event } from '@server/db/types';
import {
  bookings,
  eventOrganizers,
  events,
  mailRules,
  mailRuleSends,
  participantMessages,
  payments,
  refunds,
  tickets,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { DAY, signedInUser } from '../helpers/tickets';

// The charts' figures (docs/product/charts.md, decision 067): per day sums against the bookings, tickets and
// payments they come from, the marks, the door after the start, and who may see an event's figures.

type Person = { cookie: string; id: string };
let t: TestApp;
let admin: Person;
let organizer: Person;
let stranger: Person;
let attendee: Person;
let upcoming: Event;
let past: Event;

const now = Date.now();
const ago = (days: number) => new Date(now - days * DAY);
const ahead = (days: number) => new Date(now + days * DAY);
const berlin = (instant: Date) => dayOf(instant, 'Europe/Berlin');
const db = () => t.database.db;
const get = (path: string, cookie?: string) => t.app.request(path, { headers: cookie ? { cookie } : {} });

async function statsOf(eventId: string, cookie = organizer.cookie): Promise<EventStats> {
  const res = await get(`/api/organizer/events/${eventId}/stats`, cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  return (await res.json()) as EventStats;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
  organizer = await signedInUser(t, 'organizer');
  stranger = await signedInUser(t, 'organizer');
  attendee = await signedInUser(t, 'attendee');
  upcoming = await createEvent(db(), {
    title: 'Atemwerkstatt',
    startTime: ahead(10),
    totalSeats: 20,
    priceCents: 5000,
    earlyBirdPriceCents: 4000,
    earlyBirdEndsAt: ahead(3),
  });
  past = await createEvent(db(), {
    title: 'Vergangener Workshop',
    startTime: ago(12),
    endTime: new Date(ago(12).getTime() + 3 * 3_600_000),
    totalSeats: 10,
    priceCents: 0,
  });
  await db()
    .insert(eventOrganizers)
    .values([
      { eventId: upcoming.id, userId: organizer.id },
      { eventId: past.id, userId: organizer.id },
    ]);
  const book = (event: Event, days: number, quantity: number) =>
    createBooking(db(), { event, profileId: attendee.id, quantity, now: ago(days) });
  // upcoming: 2 tickets 6 days ago (early bird 2 × 40 €), 1 ticket 6 days ago, 3 tickets 2 days ago
  const first = await book(upcoming, 6, 2);
  await book(upcoming, 6, 1);
  const third = await book(upcoming, 2, 3);
  // one of the three cancelled yesterday, 40 € of it refunded; the first booking paid by Stripe (real money)
  const cancelled = third.tickets[0]!;
  await db()
    .update(tickets)
    .set({ status: 'canceled', canceledAt: ago(1) })
    .where(eq(tickets.id, cancelled.id));
  await db().update(bookings).set({ seats: 2 }).where(eq(bookings.id, third.booking.id));
  await db()
    .update(events)
    .set({ availableSeats: 20 - 5 })
    .where(eq(events.id, upcoming.id));
  const [thirdPayment] = await db().select().from(payments).where(eq(payments.bookingId, third.booking.id));
  await db()
    .insert(refunds)
    .values({
      paymentId: thirdPayment!.id,
      bookingId: third.booking.id,
      ticketId: cancelled.id,
      amountCents: 4000,
      currency: 'EUR',
      status: 'succeeded',
      createdAt: ago(1),
    });
  await db()
    .update(payments)
    .set({ provider: 'stripe', providerPaymentId: `pi_${randomUUID()}` })
    .where(eq(payments.bookingId, first.booking.id));
  // a reminder rule sent to the three active tickets yesterday, and a message to all today
  const [rule] = await db()
    .insert(mailRules)
    .values({
      eventId: upcoming.id,
      name: 'Anfahrt',
      trigger: 'before_start',
      offsetMinutes: 60,
      audience: 'active',
      subject: 'Anfahrt',
      body: 'Hallo',
    })
    .returning();
  const active = await db()
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.eventId, upcoming.id), eq(tickets.status, 'active')));
  await db()
    .insert(mailRuleSends)
    .values(
      active.slice(0, 3).map((ticket) => ({
        ruleId: rule!.id,
        ticketId: ticket.id,
        eventId: upcoming.id,
        to: 'a@example.org',
        sentAt: ago(1),
      })),
    );
  await db()
    .insert(participantMessages)
    .values({
      eventId: upcoming.id,
      subject: 'Raumänderung für {event}',
      body: 'Wir sind im Raum 2.',
      recipients: 4,
      createdAt: new Date(now),
    });
  // past: three free tickets 20 days ago, one checked in at the door
  const pastBooking = await book(past, 20, 3);
  await db()
    .update(tickets)
    .set({ isCheckedIn: true, checkedInAt: ago(12) })
    .where(eq(tickets.id, pastBooking.tickets[0]!.id));
});
afterAll(() => t.close());

describe('GET /api/organizer/events/{id}/stats', () => {
  it('answers the assigned organizer and admins; 401 guests, 403 others, 404 unknown', async () => {
    const path = `/api/organizer/events/${upcoming.id}/stats`;
    expect((await get(path)).status).toBe(401);
    expect((await get(path, attendee.cookie)).status).toBe(403);
    expect((await get(path, stranger.cookie)).status).toBe(403);
    await statsOf(upcoming.id, admin.cookie);
    expect((await get(`/api/organizer/events/${randomUUID()}/stats`, admin.cookie)).status).toBe(404);
    const bad = await get('/api/organizer/events/nicht-da/stats', admin.cookie);
    expect(bad.status).toBe(404);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/nicht gefunden/i);
  });

  it('lists every day from the first sale to the start, its sums those of the bookings', async () => {
    const stats = await statsOf(upcoming.id);
    expect(stats.capacity).toBe(20);
    expect(stats.today).toBe(berlin(new Date(now)));
    expect(stats.days[0]!.day).toBe(berlin(ago(6)));
    expect(stats.days.at(-1)!.day).toBe(berlin(upcoming.startTime));
    expect(stats.days).toHaveLength(17); // six days back, today, ten ahead
    const on = (instant: Date) => stats.days.find((day) => day.day === berlin(instant))!;
    expect(on(ago(6))).toMatchObject({ bookings: 2, seatsBooked: 3, seatsCancelled: 0 });
    expect(on(ago(6)).revenueCents).toBe(8000); // the Stripe booking: 2 × 40 € early bird
    expect(on(ago(6)).testRevenueCents).toBe(4000);
    expect(on(ago(2))).toMatchObject({ bookings: 1, seatsBooked: 3, testRevenueCents: 12_000 });
    expect(on(ago(1))).toMatchObject({ seatsCancelled: 1, testRevenueCents: -4000 });
    // the sums over the days are what the tables hold
    const sum = (pick: (day: EventStats['days'][number]) => number) =>
      stats.days.reduce((total, day) => total + pick(day), 0);
    expect(sum((day) => day.bookings)).toBe(3);
    const active = await db()
      .select({ seats: tickets.seats })
      .from(tickets)
      .where(and(eq(tickets.eventId, upcoming.id), eq(tickets.status, 'active')));
    const soldSeats = active.reduce((total, ticket) => total + ticket.seats, 0);
    expect(stats.seatsBefore + sum((day) => day.seatsBooked - day.seatsCancelled)).toBe(soldSeats);
    expect(soldSeats).toBe(5);
    expect(sum((day) => day.revenueCents + day.testRevenueCents)).toBe(8000 + 4000 + 12_000 - 4000);
    expect(stats.checkIn).toBeNull(); // not begun yet
  });

  it('marks the early-bird end and the mails of the event, a message under its subject with the title', async () => {
    const stats = await statsOf(upcoming.id);
    expect(stats.marks).toEqual(
      expect.arrayContaining([
        { day: berlin(ahead(3)), kind: 'early-bird-end', label: 'Frühbucherpreis endet', count: 0 },
        { day: berlin(ago(1)), kind: 'mail', label: 'Anfahrt', count: 3 },
        { day: berlin(new Date(now)), kind: 'mail', label: 'Nachricht „Raumänderung für Atemwerkstatt“', count: 4 },
      ]),
    );
    expect(stats.marks).toHaveLength(3);
  });

  it('counts the door after the start: checked in and no-shows', async () => {
    const stats = await statsOf(past.id);
    expect(stats.checkIn).toEqual({
      tickets: 3,
      checkedIn: 1,
      notCheckedIn: 2,
      persons: 3,
      personsCheckedIn: 1,
      cancelled: 0,
      ended: true,
    });
    expect(stats.days[0]!.day).toBe(berlin(ago(20)));
    expect(stats.days.at(-1)!.day).toBe(berlin(past.startTime));
  });

  it('answers an event without sales with no days', async () => {
    const quiet = await createEvent(db(), { title: 'Noch leer' });
    const stats = await statsOf(quiet.id, admin.cookie);
    expect(stats.days).toEqual([]);
    expect(stats.marks).toEqual([]);
  });
});

describe('GET /api/admin/dashboard/stats', () => {
  it('is for admins only', async () => {
    expect((await get('/api/admin/dashboard/stats')).status).toBe(401);
    expect((await get('/api/admin/dashboard/stats', organizer.cookie)).status).toBe(403);
  });

  it("sums the last 30 days of every event, marks their mails, capacity and the past events' door", async () => {
    const res = await get('/api/admin/dashboard/stats', admin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const stats = (await res.json()) as DashboardStats;
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1)!.day).toBe(stats.today);
    const sum = (pick: (day: DashboardStats['days'][number]) => number) =>
      stats.days.reduce((total, day) => total + pick(day), 0);
    // the upcoming event's three bookings and the past event's one (20 days ago)
    expect(sum((day) => day.bookings)).toBe(4);
    expect(sum((day) => day.seatsBooked)).toBe(6 + 3);
    expect(sum((day) => day.seatsCancelled)).toBe(1);
    expect(sum((day) => day.revenueCents)).toBe(8000);
    expect(sum((day) => day.testRevenueCents)).toBe(4000 + 12_000 - 4000);
    // the early bird ends in three days: not yet in the window; the mails are
    expect(stats.marks.map((mark) => mark.label)).toEqual(['Anfahrt', 'Nachricht „Raumänderung für Atemwerkstatt“']);
    expect(stats.capacity.totalSeats).toBeGreaterThanOrEqual(20);
    expect(stats.capacity.soldSeats).toBe(5);
    expect(stats.checkIns).toHaveLength(1);
    expect(stats.checkIns[0]).toMatchObject({ eventId: past.id, checkedIn: 1, notCheckedIn: 2, ended: true });
  });
});
