import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { createBooking, createEvent, createUser } from '@server/demo/factories';
import { bookings, consents, eventMedia, events, newsletterCaptures, tickets } from '@server/db/schema';
import { createTestDatabase, seatInvariantViolations } from '../helpers/db';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** PostgreSQL's SQLSTATE of a failed query; Drizzle wraps the driver's error in `cause`. */
async function sqlState(query: PromiseLike<unknown>): Promise<string | undefined> {
  try {
    await query;
  } catch (error) {
    const driverError = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
    return driverError.code ?? 'unknown';
  }
  return undefined;
}
const UNIQUE = '23505';
const CHECK = '23514';
const FOREIGN_KEY = '23503';

describe('events', () => {
  it('rejects a duplicate slug', async () => {
    await createEvent(database.db, { slug: 'atemraum-hamburg' });
    expect(await sqlState(createEvent(database.db, { slug: 'atemraum-hamburg' }))).toBe(UNIQUE);
  });

  it('rejects negative available seats', async () => {
    expect(await sqlState(createEvent(database.db, { totalSeats: 10, availableSeats: -1 }))).toBe(CHECK);
  });

  it('rejects more available than total seats', async () => {
    expect(await sqlState(createEvent(database.db, { totalSeats: 10, availableSeats: 11 }))).toBe(CHECK);
  });

  it('rejects negative total seats and prices, and an end before the start', async () => {
    const start = new Date('2030-05-01T08:00:00Z');
    expect(await sqlState(createEvent(database.db, { totalSeats: -2, availableSeats: -2 }))).toBe(CHECK);
    expect(await sqlState(createEvent(database.db, { priceCents: -100 }))).toBe(CHECK);
    expect(
      await sqlState(createEvent(database.db, { startTime: start, endTime: new Date(start.getTime() - 1) })),
    ).toBe(CHECK);
  });

  it('keeps at most one featured medium per event', async () => {
    const event = await createEvent(database.db);
    const cover = { eventId: event.id, url: '/a.webp', isFeatured: true };
    await database.db.insert(eventMedia).values(cover);
    expect(await sqlState(database.db.insert(eventMedia).values({ ...cover, url: '/b.webp' }))).toBe(UNIQUE);
  });
});

describe('bookings and tickets', () => {
  it('rejects a booking for an unknown event', async () => {
    const { profile } = await createUser(database.db);
    const booking = database.db.insert(bookings).values({
      eventId: '00000000-0000-4000-8000-000000000000',
      profileId: profile.id,
      quantity: 1,
      seats: 1,
      unitPriceCents: 1000,
      totalAmountCents: 1000,
    });
    expect(await sqlState(booking)).toBe(FOREIGN_KEY);
  });

  it('rejects a zero quantity', async () => {
    const [event, { profile }] = await Promise.all([createEvent(database.db), createUser(database.db)]);
    const booking = {
      eventId: event.id,
      profileId: profile.id,
      seats: 0,
      unitPriceCents: 0,
      totalAmountCents: 0,
    };
    expect(await sqlState(database.db.insert(bookings).values({ ...booking, quantity: 0 }))).toBe(CHECK);
  });

  it('takes two seats per ticket on per_pair events and never oversells', async () => {
    const event = await createEvent(database.db, { priceUnit: 'per_pair', totalSeats: 4 });
    const { profile } = await createUser(database.db);
    const { booking, tickets: issued } = await createBooking(database.db, {
      event,
      profileId: profile.id,
      quantity: 2,
    });
    expect(booking.seats).toBe(4);
    expect(issued.map((ticket) => ticket.seats)).toEqual([2, 2]);
    await expect(createBooking(database.db, { event, profileId: profile.id })).rejects.toThrow(
      /not enough seats/,
    );
    expect(await seatInvariantViolations(database.db)).toEqual([]);
  });

  it('refuses a second ticket set for the same booking (idempotent issuing)', async () => {
    const event = await createEvent(database.db);
    const { profile } = await createUser(database.db);
    const { tickets: issued } = await createBooking(database.db, { event, profileId: profile.id });
    const again = { ...issued[0]!, id: undefined, ticketNumber: 'WR-000000-AAAAAAAAAA-0000' };
    expect(await sqlState(database.db.insert(tickets).values(again))).toBe(UNIQUE);
  });
});

describe('consents and newsletter', () => {
  it('rejects a second consent for the same user and purpose', async () => {
    const { user } = await createUser(database.db);
    await database.db.insert(consents).values({ userId: user.id, purpose: 'dsgvo', granted: true });
    const again = database.db.insert(consents).values({ userId: user.id, purpose: 'dsgvo', granted: false });
    expect(await sqlState(again)).toBe(UNIQUE);
    await database.db.insert(consents).values({ userId: user.id, purpose: 'marketing', granted: true });
  });

  it('accepts only the known newsletter sources', async () => {
    await database.db.insert(newsletterCaptures).values({ email: 'a@example.com', source: 'footer' });
    const unknown = database.db
      .insert(newsletterCaptures)
      .values({ email: 'a@example.com', source: 'popup' });
    expect(await sqlState(unknown)).toBe(CHECK);
  });
});

it('leaves no event with a broken seat count', async () => {
  const { profile } = await createUser(database.db);
  const single = await createEvent(database.db, { totalSeats: 5 });
  const pairs = await createEvent(database.db, { priceUnit: 'per_pair', totalSeats: 6 });
  for (const status of ['confirmed', 'pending', 'cancelled', 'expired'] as const) {
    await createBooking(database.db, { event: single, profileId: profile.id, status });
  }
  await createBooking(database.db, { event: pairs, profileId: profile.id, quantity: 2 });
  await createBooking(database.db, { event: pairs, profileId: profile.id, status: 'pending' });
  const seats = await database.db
    .select({ id: events.id, availableSeats: events.availableSeats })
    .from(events)
    .where(inArray(events.id, [single.id, pairs.id]));
  expect(new Map(seats.map((row) => [row.id, row.availableSeats]))).toEqual(
    new Map([
      [single.id, 3],
      [pairs.id, 0],
    ]),
  );
  expect(await seatInvariantViolations(database.db)).toEqual([]);
});
