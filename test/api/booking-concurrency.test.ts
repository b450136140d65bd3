import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@server/core/app-error';
import { createBooking } from '@server/core/bookings/create-booking';
import type { Database } from '@server/db/client';
import type { Db } from '@server/db/types';
import { createEvent, createUser } from '@server/demo/factories';
import { bookings, events } from '@server/db/schema';
import { createTestDatabase, seatInvariantViolations } from '../helpers/db';

// Concurrent bookings never oversell (docs/product/booking-and-seats.md#seats-taken-atomically). Only
// PostgreSQL runs them truly in parallel (a pool of connections); PGlite has a single connection, so this
// file is skipped there.

const BUYERS = 200;
const SEATS = 20;

let database: Database;
let buyerIds: string[];
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  database = await createTestDatabase();
  const created = await Promise.all(Array.from({ length: BUYERS }, () => createUser(database.db)));
  buyerIds = created.map((buyer) => buyer.user.id);
}, 60_000);
afterAll(async () => {
  await database?.close();
});

/**
 * The bug the conditional UPDATE prevents, kept here as a control: read the free seats, then write
 * 'what I read minus mine' without re-checking. Parallel callers read the same count and all succeed.
 */
async function unsafeBooking(db: Db, eventId: string, profileId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId));
    if (!event || event.availableSeats < 1) return false;
    await sleep(5); // application code between the read and the write
    await tx
      .update(events)
      .set({ availableSeats: event.availableSeats - 1 })
      .where(eq(events.id, eventId));
    await tx.insert(bookings).values({
      eventId,
      profileId,
      quantity: 1,
      seats: 1,
      unitPriceCents: event.priceCents,
      totalAmountCents: event.priceCents,
      holdExpiresAt: new Date(Date.now() + 15 * 60_000),
    });
    return true;
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('parallel bookings (PostgreSQL)', () => {
  it(`sells exactly ${SEATS} seats to ${BUYERS} parallel buyers and refuses the rest with 409`, async () => {
    const event = await createEvent(database.db, { totalSeats: SEATS });
    const results = await Promise.allSettled(
      buyerIds.map((userId) =>
        createBooking({
          db: database.db,
          userId,
          input: { eventId: event.id, quantity: 1, holderName: 'Parallel' },
        }),
      ),
    );
    const booked = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter(
      (result): result is PromiseRejectedResult =>
        result.status === 'rejected' && result.reason instanceof AppError && result.reason.status === 409,
    );
    expect(booked).toHaveLength(SEATS);
    expect(refused).toHaveLength(BUYERS - SEATS);
    const [after] = await database.db.select().from(events).where(eq(events.id, event.id));
    expect(after!.availableSeats).toBe(0);
    const rows = await database.db.select().from(bookings).where(eq(bookings.eventId, event.id));
    expect(rows.reduce((sum, row) => sum + row.seats, 0)).toBe(SEATS);
    expect(await seatInvariantViolations(database.db)).toEqual([]);
  }, 60_000);

  it('control: the read-then-write variant oversells, so this test would catch a regression', async () => {
    const event = await createEvent(database.db, { totalSeats: SEATS });
    const results = await Promise.allSettled(
      buyerIds.map((userId) => unsafeBooking(database.db, event.id, userId)),
    );
    const booked = results.filter((result) => result.status === 'fulfilled' && result.value).length;
    expect(booked).toBeGreaterThan(SEATS);
    const violations = await seatInvariantViolations(database.db);
    expect(violations.map((row) => row.slug)).toEqual([event.slug]);
  }, 60_000);
});
