import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '@shared/booking';
import { createEvent, createUser } from '@server/demo/factories';
import { bookings } from '@server/db/schema';
import type { Db } from '@server/db/types';
import { createTestApp, type TestApp } from '../helpers/app';
import { post, signIn, uniqueEmail } from '../helpers/auth';

// A booking while the database is too slow (docs/decisions/015-database-faults.md): a rush that waits longer than
// the pool's connect timeout is told 503 with Retry-After, so it may try again; anything else stays the
// booking's own 500 with its German message. Nothing is booked either way.

let t: TestApp;
let cookie = '';
beforeAll(async () => {
  t = await createTestApp();
  const email = uniqueEmail('attendee');
  await createUser(t.database.db, { email, role: 'attendee' });
  cookie = (await signIn(t, email)).cookie;
});
afterAll(() => t.close());

/** Makes the booking's transaction fail with `error` for one request. */
async function bookWhile(error: Error) {
  const event = await createEvent(t.database.db, { priceCents: 0, totalSeats: 5 });
  const db = t.database.db as Db & { transaction: Db['transaction'] };
  const transaction = db.transaction;
  db.transaction = (() => Promise.reject(error)) as unknown as Db['transaction'];
  try {
    const res = await post(
      t,
      '/api/bookings',
      { eventId: event.id, quantity: 1, holderName: 'Anna' },
      { cookie },
    );
    return { res, eventId: event.id };
  } finally {
    db.transaction = transaction;
  }
}

const bookingsOf = (eventId: string) =>
  t.database.db.select().from(bookings).where(eq(bookings.eventId, eventId));

describe('a booking while the database does not answer in time', () => {
  it('answers 503 with Retry-After when no connection is free within the timeout', async () => {
    const { res, eventId } = await bookWhile(new Error('timeout exceeded when trying to connect'));
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await bookingsOf(eventId)).toEqual([]);
  });

  it('answers 503 when the statement was cancelled by its timeout (57014)', async () => {
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    const { res } = await bookWhile(cancelled);
    expect(res.status).toBe(503);
  });

  it("answers any other failure with the booking's own 500", async () => {
    const { res, eventId } = await bookWhile(new Error('boom'));
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      BOOKING_MESSAGES.failed,
    );
    expect(await bookingsOf(eventId)).toEqual([]);
  });
});
