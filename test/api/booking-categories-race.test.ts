import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_CODE_MESSAGES } from '@shared/discount-codes';
import { AppError } from '@server/core/app-error';
import { createBooking } from '@server/core/bookings/create-booking';
import type { Database } from '@server/db/client';
import type { Db } from '@server/db/types';
import { createEvent, createUser } from '@server/demo/factories';
import { bookings, discountCodes, events, ticketCategories } from '@server/db/schema';
import { createTestDatabase, seatInvariantViolations } from '../helpers/db';

// Races on what categories and codes add (docs/product/ticket-categories.md#seats, #codes): parallel checkouts
// on a code with 10 uses redeem exactly 10, and parallel buyers on an event with three categories of their own
// seats fill each exactly, never beyond its capacity nor the event's seats. Only PostgreSQL runs them truly in
// parallel (a pool of connections); PGlite has a single connection, so this file is skipped there.

const BUYERS = 200;

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

async function percentCode(code: string, maxUses: number) {
  const [row] = await database.db
    .insert(discountCodes)
    .values({ code, kind: 'percent', value: 10, maxUses })
    .returning();
  return row!;
}

/**
 * The event's trigger-made category becomes the first of `capacities.length` categories, each with its own
 * seats ([persons, 'per_pair'?]); returns them in order.
 */
async function eventWithCategories(
  options: { totalSeats: number; priceCents: number },
  capacities: { capacity: number; pair?: boolean }[],
) {
  const db = database.db;
  const event = await createEvent(db, options);
  const rows = [];
  for (const [position, { capacity, pair }] of capacities.entries()) {
    const values = {
      name: `Kategorie ${position + 1}`,
      priceCents: options.priceCents,
      priceUnit: pair ? ('per_pair' as const) : ('per_person' as const),
      capacity,
      position,
    };
    const [row] =
      position === 0
        ? await db
            .update(ticketCategories)
            .set(values)
            .where(eq(ticketCategories.eventId, event.id))
            .returning()
        : await db
            .insert(ticketCategories)
            .values({ ...values, eventId: event.id })
            .returning();
    rows.push(row!);
  }
  return { event, categories: rows };
}

/** Persons each category holds now: active tickets and pending bookings' lines. */
async function takenPerCategory(eventId: string): Promise<Map<string, number>> {
  const result = await database.db.execute<{ category_id: string; taken: number }>(sql`
    SELECT category_id, sum(seats)::int AS taken FROM (
      SELECT category_id, seats FROM tickets WHERE event_id = ${eventId} AND status = 'active'
      UNION ALL
      SELECT i.category_id, i.quantity * i.seats_per_ticket FROM booking_items i
      JOIN bookings b ON b.id = i.booking_id WHERE b.event_id = ${eventId} AND b.status = 'pending'
    ) held GROUP BY category_id`);
  return new Map(result.rows.map((row) => [row.category_id, Number(row.taken)]));
}

const isRefusal = (reason: unknown, status: number, message?: string) =>
  reason instanceof AppError &&
  reason.status === status &&
  (message === undefined || reason.message === message);

/**
 * The bug the conditional UPDATE of redeemCode prevents, kept as a control: read the code's uses, then write
 * 'what I read plus one' without re-checking. Parallel callers read the same count: more redeem than allowed,
 * and the counter says fewer than did.
 */
async function unsafeRedeem(db: Db, codeId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [code] = await tx.select().from(discountCodes).where(eq(discountCodes.id, codeId));
    if (!code || code.uses >= code.maxUses!) return false;
    await sleep(5); // application code between the read and the write
    await tx
      .update(discountCodes)
      .set({ uses: code.uses + 1 })
      .where(eq(discountCodes.id, codeId));
    return true;
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'parallel checkouts with categories and codes (PostgreSQL)',
  () => {
    it(`redeems a code with 10 uses exactly 10 times among ${BUYERS} parallel checkouts (#codes)`, async () => {
      const event = await createEvent(database.db, { totalSeats: 500, priceCents: 4900 });
      const code = await percentCode('RENNEN10', 10);
      const results = await Promise.allSettled(
        buyerIds.map((userId) =>
          createBooking({
            db: database.db,
            userId,
            input: { eventId: event.id, quantity: 1, code: 'RENNEN10', holderName: 'Parallel' },
          }),
        ),
      );
      const booked = results.filter((result) => result.status === 'fulfilled');
      const usedUp = results.filter(
        (result) =>
          result.status === 'rejected' && isRefusal(result.reason, 422, DISCOUNT_CODE_MESSAGES.usedUp),
      );
      expect(booked).toHaveLength(10);
      expect(usedUp).toHaveLength(BUYERS - 10);
      for (const result of booked) {
        expect(result.value).toMatchObject({
          discountCode: 'RENNEN10',
          discountCents: 490,
          totalAmountCents: 4410,
        });
      }
      const [after] = await database.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
      expect(after!.uses).toBe(10);
      expect(await database.db.$count(bookings, eq(bookings.discountCodeId, code.id))).toBe(10);
      // the refused ones took no seat
      const [row] = await database.db.select().from(events).where(eq(events.id, event.id));
      expect(row!.availableSeats).toBe(500 - 10);
      expect(await seatInvariantViolations(database.db)).toEqual([]);
    });

    it('control: without the conditional UPDATE parallel checkouts redeem more than the code allows', async () => {
      const code = await percentCode('KONTROLLE10', 10);
      const redeemed = await Promise.all(buyerIds.slice(0, 50).map(() => unsafeRedeem(database.db, code.id)));
      expect(redeemed.filter(Boolean).length).toBeGreaterThan(10);
    });

    it('fills three categories of their own seats exactly under parallel buyers, never beyond (#seats)', async () => {
      // 10 + 6 (three pair tickets) + 8 persons = the event's 24 seats; paid, so the bookings stay pending
      const { event, categories } = await eventWithCategories({ totalSeats: 24, priceCents: 4900 }, [
        { capacity: 10 },
        { capacity: 6, pair: true },
        { capacity: 8 },
      ]);
      const results = await Promise.allSettled(
        buyerIds.map((userId, i) =>
          createBooking({
            db: database.db,
            userId,
            input: {
              eventId: event.id,
              items: [{ categoryId: categories[i % 3]!.id, quantity: 1 }],
              holderName: 'Parallel',
            },
          }),
        ),
      );
      const booked = results.filter((result) => result.status === 'fulfilled');
      const refused = results.filter(
        (result) => result.status === 'rejected' && isRefusal(result.reason, 409),
      );
      expect(booked).toHaveLength(10 + 3 + 8);
      expect(refused).toHaveLength(BUYERS - booked.length);
      const taken = await takenPerCategory(event.id);
      expect(categories.map((category) => taken.get(category.id))).toEqual([10, 6, 8]);
      const [row] = await database.db.select().from(events).where(eq(events.id, event.id));
      expect(row!.availableSeats).toBe(0);
      expect(await seatInvariantViolations(database.db)).toEqual([]);
    });

    it('stops at the event’s seats when the categories together could hold more, free tickets issued at once (#seats)', async () => {
      // 12 + 12 + 12 persons of categories on 20 seats; free, so every booking is confirmed with its tickets
      const { event, categories } = await eventWithCategories({ totalSeats: 20, priceCents: 0 }, [
        { capacity: 12 },
        { capacity: 12 },
        { capacity: 12, pair: true },
      ]);
      const results = await Promise.allSettled(
        buyerIds.map((userId, i) =>
          createBooking({
            db: database.db,
            userId,
            input: {
              eventId: event.id,
              items: [{ categoryId: categories[i % 3]!.id, quantity: 1 }],
              holderName: 'Parallel',
            },
          }),
        ),
      );
      const booked = results.filter((result) => result.status === 'fulfilled');
      expect(results.every((result) => result.status === 'fulfilled' || isRefusal(result.reason, 409))).toBe(
        true,
      );
      const taken = await takenPerCategory(event.id);
      const persons = categories.map((category) => taken.get(category.id) ?? 0);
      persons.forEach((held, index) => expect(held).toBeLessThanOrEqual(categories[index]!.capacity!));
      // exactly the event's seats (a pair ticket takes two, so the last odd seat may stay free)
      const total = persons.reduce((sum, held) => sum + held, 0);
      expect(total).toBeGreaterThanOrEqual(19);
      expect(total).toBeLessThanOrEqual(20);
      const [row] = await database.db.select().from(events).where(eq(events.id, event.id));
      expect(row!.availableSeats).toBe(20 - total);
      expect(booked.length).toBe(persons[0]! + persons[1]! + persons[2]! / 2);
      expect(await seatInvariantViolations(database.db)).toEqual([]);
    });
  },
);
