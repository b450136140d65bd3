import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireHolds } from '@server/core/bookings/expire-holds';
import { cancelTicket } from '@server/core/tickets/cancel-ticket';
import { expireOffers } from '@server/core/waitlist/expire-offers';
import type { Database } from '@server/db/client';
import type { Db, Event } from '@server/db/types';
import { createBooking, createEvent, createUser } from '@server/demo/factories';
import { events, mailOutbox, waitlistEntries } from '@server/db/schema';
import { createTestDatabase, seatInvariantViolations } from '../helpers/db';
import { TEST_MAIL } from '../helpers/mail-context';

// Freed seats race to the waiting list (docs/product/waiting-list.md#waitlist-concurrency): 50 cancellations,
// 50 expiring holds and 50 expiring offers at once. Only PostgreSQL runs them truly in parallel (a pool of
// connections); PGlite has one connection, so this file is skipped there.

const EACH = 50;
const WAITING = 200;
const MINUTE = 60_000;

let database: Database;
const db = () => database.db;
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const users = async (n: number) =>
  (await Promise.all(Array.from({ length: n }, () => createUser(db())))).map((created) => created.user);

/**
 * A sold-out event of 150 seats: 50 sold (their tickets to be cancelled), 50 held by pending bookings whose
 * hold has run out, 50 offered to entries whose offer has run out; then 200 people waiting in order.
 */
async function scene(now: Date) {
  const event = await createEvent(db(), {
    totalSeats: 3 * EACH,
    startTime: new Date(now.getTime() + 7 * 24 * 60 * MINUTE),
  });
  const buyers = await users(2 * EACH);
  const sold = await Promise.all(
    buyers.slice(0, EACH).map((buyer) => createBooking(db(), { event, profileId: buyer.id, now })),
  );
  const past = new Date(now.getTime() - 20 * MINUTE);
  await Promise.all(
    buyers
      .slice(EACH)
      .map((buyer) => createBooking(db(), { event, profileId: buyer.id, status: 'pending', now: past })),
  );
  const people = await users(EACH + WAITING);
  const joinedAt = (i: number) => new Date(now.getTime() - 24 * 60 * MINUTE + i * 1000);
  await db()
    .insert(waitlistEntries)
    .values(
      people.map((person, i) => ({
        eventId: event.id,
        profileId: person.id,
        seats: 1,
        createdAt: joinedAt(i),
        ...(i < EACH
          ? { status: 'offered' as const, offeredAt: past, offerExpiresAt: new Date(now.getTime() - MINUTE) }
          : {}),
      })),
    );
  await db()
    .update(events)
    .set({ availableSeats: sql`${events.availableSeats} - ${EACH}` })
    .where(eq(events.id, event.id));
  return {
    event,
    tickets: sold.map((booking) => ({ id: booking.tickets[0]!.id, owner: booking.booking.profileId! })),
  };
}

async function offersOf(event: Event) {
  return db()
    .select({
      id: waitlistEntries.id,
      profileId: waitlistEntries.profileId,
      createdAt: waitlistEntries.createdAt,
    })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.eventId, event.id), eq(waitlistEntries.status, 'offered')))
    .orderBy(asc(waitlistEntries.createdAt));
}

/**
 * The race the event's row lock prevents, kept as a control: read the free seats and the first waiting entries
 * without a lock, think, then offer them and write 'what I read minus what I offered'.
 */
async function unsafeOffers(database: Db, eventId: string): Promise<void> {
  await database.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId));
    const waiting = await tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.eventId, eventId), eq(waitlistEntries.status, 'waiting')))
      .orderBy(asc(waitlistEntries.createdAt))
      .limit(event!.availableSeats);
    await sleep(5);
    if (waiting.length === 0) return;
    const ids = waiting.map((entry) => entry.id);
    await tx
      .update(waitlistEntries)
      .set({ status: 'offered', offeredAt: new Date(), offerExpiresAt: new Date(Date.now() + 60 * MINUTE) })
      .where(inArray(waitlistEntries.id, ids));
    await tx
      .insert(mailOutbox)
      .values(ids.map((id) => ({ to: `${id}@control.example`, subject: 'offer', text: '', html: '' })));
    await tx
      .update(events)
      .set({ availableSeats: event!.availableSeats - ids.length })
      .where(eq(events.id, eventId));
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('freed seats racing to the waiting list (PostgreSQL)', () => {
  it(`${EACH} cancellations, ${EACH} expiring holds and ${EACH} expiring offers: every seat offered once, in order`, async () => {
    const now = new Date();
    const { event, tickets } = await scene(now);
    expect(await seatInvariantViolations(db())).toEqual([]);

    const started = performance.now();
    const results = await Promise.allSettled([
      ...tickets.map((ticket) =>
        cancelTicket({
          db: db(),
          ticketId: ticket.id,
          actor: { id: ticket.owner, role: 'attendee' },
          mail: TEST_MAIL,
          now,
        }),
      ),
      // several app instances run the jobs at the same moment
      ...Array.from({ length: 4 }, () => expireHolds(db(), now, TEST_MAIL)),
      ...Array.from({ length: 4 }, () => expireOffers(db(), now, TEST_MAIL)),
    ]);
    const ms = performance.now() - started;
    const failed = results.filter((result) => result.status === 'rejected');
    expect(failed.map((result) => String((result as PromiseRejectedResult).reason))).toEqual([]);

    const expiredHolds = results
      .slice(EACH, EACH + 4)
      .reduce((sum, result) => sum + (result as PromiseFulfilledResult<number>).value, 0);
    // whoever locked the event first ended its due offers: the jobs, or a cancellation's settle
    const endedOffers = (
      await db()
        .select({ id: waitlistEntries.id })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.eventId, event.id), eq(waitlistEntries.status, 'expired')))
    ).length;
    const offers = await offersOf(event);
    const mails = await db()
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} LIKE 'Dein Platz ist frei%'`);
    const offerMails = mails.length;
    const [{ availableSeats }] = (await db().select().from(events).where(eq(events.id, event.id))) as [Event];
    console.warn(
      `waiting-list race: ${EACH} cancellations + ${expiredHolds} expired holds + ${endedOffers} ended offers in ` +
        `${ms.toFixed(0)} ms → ${offers.length} new offers, ${offerMails} offer mails, ${availableSeats} seats free`,
    );

    expect(expiredHolds).toBe(EACH); // each hold returned once, whichever instance did it
    expect(endedOffers).toBe(EACH);
    expect(offers).toHaveLength(3 * EACH); // every freed seat offered, none twice, none lost
    expect(offerMails).toBe(3 * EACH);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(3 * EACH); // one mail per person
    expect(availableSeats).toBe(0);
    // in list order: the first 150 of those still waiting, nobody skipped
    const waitingInOrder = await db()
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(
        and(eq(waitlistEntries.eventId, event.id), inArray(waitlistEntries.status, ['offered', 'waiting'])),
      )
      .orderBy(asc(waitlistEntries.createdAt));
    expect(waitingInOrder.slice(0, 3 * EACH).map((entry) => entry.id)).toEqual(
      offers.map((offer) => offer.id),
    );
    expect(await seatInvariantViolations(db())).toEqual([]);
  }, 120_000);

  it('control: without the lock, parallel offer rounds offer (and mail) the same seats twice', async () => {
    const event = await createEvent(db(), { totalSeats: 20 });
    const people = await users(60);
    await db()
      .insert(waitlistEntries)
      .values(
        people.map((person, i) => ({
          eventId: event.id,
          profileId: person.id,
          seats: 1,
          createdAt: new Date(Date.now() - 60_000 + i),
        })),
      );
    // 20 free seats, 60 waiting, 10 rounds at once
    await Promise.allSettled(Array.from({ length: 10 }, () => unsafeOffers(db(), event.id)));
    const offers = await offersOf(event);
    const mails = await db()
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(sql`${mailOutbox.to} LIKE '%@control.example'`);
    console.warn(
      `control without the lock: ${mails.length} offer mails for ${offers.length} offers of 20 free seats`,
    );
    expect(mails.length).toBeGreaterThan(offers.length);
  }, 60_000);
});
