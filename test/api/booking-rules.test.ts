import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookingSeats, orderPrice } from '@shared/booking';
import { isBookable } from '@shared/event-rules';
import { EVENT_STATUSES, PRICE_UNITS } from '@shared/events';
import { AppError } from '@server/core/app-error';
import { createBooking } from '@server/core/bookings/create-booking';
import type { Database } from '@server/db/client';
import { events } from '@server/db/schema';
import { createEvent, createUser } from '@server/demo/factories';
import { createTestDatabase, seatInvariantViolations } from '../helpers/db';

// create-booking.ts takes the seats with SQL (the prepared statement of paid bookings, the transaction of
// free ones) and prices, counts and refuses with the shared functions. This file proves that both say the
// same at the edges: early bird ending exactly now, the event starting exactly now, seats per pair
// (docs/product/events.md#bookable, #early-bird; docs/product/booking-and-seats.md#per-pair-two-seats).

let database: Database;
let buyerId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  buyerId = (await createUser(database.db)).user.id;
});
afterEach(async () => {
  expect(await seatInvariantViolations(database.db)).toEqual([]);
});
afterAll(() => database.close());

type EventRow = typeof events.$inferSelect;
const MS = 1;
const DAY = 24 * 60 * 60_000;

/** The event as the shared functions read it (times as ISO strings). */
const shared = (event: EventRow) => ({
  ...event,
  startTime: event.startTime.toISOString(),
  earlyBirdEndsAt: event.earlyBirdEndsAt?.toISOString() ?? null,
});

const book = (event: EventRow, now: Date, quantity = 1) =>
  createBooking({
    db: database.db,
    userId: buyerId,
    input: { eventId: event.id, quantity, holderName: 'Anna' },
    now,
  });

/** The booking, or the code of the AppError that refused it. */
async function attempt(event: EventRow, now: Date, quantity = 1) {
  try {
    return await book(event, now, quantity);
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

const seatsLeft = async (eventId: string) =>
  (await database.db.select().from(events).where(eq(events.id, eventId)))[0]!.availableSeats;

describe('the SQL of create-booking and the shared rules agree', () => {
  it.each([
    ['paid (prepared statement)', 5000],
    ['free (transaction)', 0],
  ])('a %s booking: bookable until one ms before the start, not from the start on', async (_, priceCents) => {
    const startTime = new Date(Date.now() + 10 * DAY);
    const event = await createEvent(database.db, { priceCents, startTime });
    for (const now of [startTime, new Date(startTime.getTime() + MS)]) {
      expect(isBookable(shared(event), now)).toBe(false);
      expect(await attempt(event, now)).toBe('not_found');
    }
    const before = new Date(startTime.getTime() - MS);
    expect(isBookable(shared(event), before)).toBe(true);
    expect(await attempt(event, before)).toMatchObject({ eventId: event.id });
  });

  it('refuses every status but the bookable one, and hidden events, as isBookable does', async () => {
    const now = new Date();
    for (const status of EVENT_STATUSES) {
      for (const hidden of [false, true]) {
        for (const priceCents of [0, 5000]) {
          const event = await createEvent(database.db, { status, hidden, priceCents });
          const booked = await attempt(event, now);
          expect(typeof booked === 'object', `${status}, hidden ${hidden}, ${priceCents} ct`).toBe(
            isBookable(shared(event), now),
          );
        }
      }
    }
  });

  it('prices the early bird up to one ms before its end and the regular price from its end on', async () => {
    const endsAt = new Date(Date.now() + DAY);
    const event = await createEvent(database.db, {
      priceCents: 5000,
      earlyBirdPriceCents: 3500,
      earlyBirdEndsAt: endsAt,
    });
    for (const now of [new Date(endsAt.getTime() - MS), endsAt, new Date(endsAt.getTime() + MS)]) {
      const booking = await book(event, now, 2);
      const price = orderPrice(shared(event), 2, now);
      expect(booking).toMatchObject({
        status: 'pending',
        unitPriceCents: price.unitCents,
        totalAmountCents: price.totalCents,
      });
    }
  });

  it('hands a free early bird to the transaction and a paid regular price to the statement, at the same edge', async () => {
    const endsAt = new Date(Date.now() + DAY);
    const event = await createEvent(database.db, {
      priceCents: 1000,
      earlyBirdPriceCents: 0,
      earlyBirdEndsAt: endsAt,
    });
    for (const now of [new Date(endsAt.getTime() - MS), endsAt]) {
      const booking = await book(event, now);
      const price = orderPrice(shared(event), 1, now);
      expect(booking).toMatchObject({
        status: price.free ? 'confirmed' : 'pending',
        unitPriceCents: price.unitCents,
        totalAmountCents: price.totalCents,
      });
    }
    expect(orderPrice(shared(event), 1, new Date(endsAt.getTime() - MS)).free).toBe(true);
    expect(orderPrice(shared(event), 1, endsAt).free).toBe(false);
  });

  it.each(
    PRICE_UNITS.flatMap((priceUnit) => [0, 5000].map((priceCents) => [priceUnit, priceCents] as const)),
  )('takes bookingSeats(quantity, %s) seats (price %i ct)', async (priceUnit, priceCents) => {
    const event = await createEvent(database.db, { priceUnit, priceCents, totalSeats: 20 });
    const booking = await book(event, new Date(), 3);
    expect(booking.seats).toBe(bookingSeats(3, priceUnit));
    expect(await seatsLeft(event.id)).toBe(20 - bookingSeats(3, priceUnit));
  });

  it('fits exactly the seats left for a per-pair event, and refuses one ticket more as sold out', async () => {
    const event = await createEvent(database.db, { priceUnit: 'per_pair', totalSeats: 6 });
    expect(await attempt(event, new Date(), 4)).toBe('conflict');
    expect(await attempt(event, new Date(), 3)).toMatchObject({ seats: bookingSeats(3, 'per_pair') });
    expect(await seatsLeft(event.id)).toBe(0);
  });
});
