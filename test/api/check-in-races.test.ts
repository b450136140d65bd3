import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckInOutcome } from '@shared/participants';
import { ticketBarcodeContent } from '@shared/tickets';
import { createBooking, createEvent } from '@server/demo/factories';
import type { Event } from '@server/db/types';
import { eventOrganizers, tickets } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post, uniqueEmail } from '../helpers/auth';
import { closeGate, untilWaiting } from '../helpers/lock-gate';
import { HOUR, MINUTE, signedInUser } from '../helpers/tickets';

// Transfer against check-in (issue 29 point 2, decision 045, docs/product/organizer-day.md#check-in-current-number):
// the door scans a ticket's old barcode while its buyer transfers it. Provoked deterministically: a gate (a
// second connection locking the buyer's profile row) stops the transfer after it wrote the new number and
// before its commit, the door's check-in reads the ticket meanwhile and waits for the row, then the gate
// opens. Each interleaving runs RUNS times. PostgreSQL only (PGlite has one connection).

const RUNS = 20;

type Person = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
let pool: pg.Pool;
let organizer: Person;
let buyer: Person;
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  t = await createTestApp();
  pool = t.database.pool!;
  organizer = await signedInUser(t, 'organizer');
  buyer = await signedInUser(t, 'attendee');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/**
 * A ticket of its own event (so a 4-digit code is unique there) that starts in an hour: the door is open,
 * offline times lie within its day, and a transfer is still allowed.
 */
async function newTicket() {
  const event: Event = await createEvent(t.database.db, {
    startTime: new Date(Date.now() + HOUR),
    endTime: new Date(Date.now() + 4 * HOUR),
  });
  await t.database.db.insert(eventOrganizers).values({ eventId: event.id, userId: organizer.id });
  const booked = await createBooking(t.database.db, { event, profileId: buyer.id });
  return booked.tickets[0]!;
}
const transfer = (ticketId: string) =>
  post(
    t,
    `/api/tickets/${ticketId}/transfer`,
    { name: 'Theo Ersatz', email: uniqueEmail('theo') },
    { cookie: buyer.cookie },
  );
const checkIn = (eventId: string, body: unknown) =>
  post(t, `/api/checkin/${eventId}`, body, { cookie: organizer.cookie });

/** Transfer and door in the order the gate forces; answers what went wrong (nothing, if all is well). */
async function race(door: (ticket: { id: string; ticketNumber: string }) => unknown): Promise<string[]> {
  const ticket = await newTicket();
  // the transfer stops at its log row, whose actor is the buyer: after the new number, before the commit
  const gate = await closeGate(pool, 'SELECT id FROM profiles WHERE id = $1 FOR UPDATE', [buyer.id]);
  const transferring = transfer(ticket.id);
  await untilWaiting(pool, 1);
  const scanning = checkIn(ticket.eventId, door(ticket));
  await untilWaiting(pool, 2, scanning);
  await gate.open();
  const [transferred, scanned] = await Promise.all([transferring, scanning]);
  const found: string[] = [];
  if (transferred.status !== 200) found.push(`transfer answered ${transferred.status}`);
  if (scanned.status !== 200)
    return [...found, `check-in answered ${scanned.status}: ${await scanned.text()}`];
  const outcome = (await scanned.json()) as CheckInOutcome;
  const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
  if (row!.ticketNumber !== ticket.ticketNumber && row!.checkedInAt)
    found.push(`the old code checked in the transferred ticket (answer '${outcome.result}')`);
  if (row!.ticketNumber !== ticket.ticketNumber && outcome.result !== 'unknown')
    found.push(`the old code answered '${outcome.result}'`);
  return found;
}

async function everyRun(one: () => Promise<string[]>): Promise<string[]> {
  const all: string[] = [];
  let violated = 0;
  for (let run = 1; run <= RUNS; run++) {
    const found = await one();
    if (found.length > 0) violated++;
    all.push(...found.map((line) => `run ${run}: ${line}`));
  }
  console.warn(`${expect.getState().currentTestName}: ${violated} of ${RUNS} runs with violations`);
  return all;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('transfer against check-in (PostgreSQL)', () => {
  it(`an old barcode scanned while the transfer commits does not check the ticket in (${RUNS} runs)`, async () => {
    const violations = await everyRun(() =>
      race((ticket) => ({ scan: ticketBarcodeContent(ticket.id, ticket.ticketNumber) })),
    );
    expect(violations).toEqual([]);
  }, 120_000);

  it(`the old 4-digit code typed in meanwhile does not either (${RUNS} runs)`, async () => {
    const violations = await everyRun(() => race((ticket) => ({ scan: ticket.ticketNumber.slice(-4) })));
    expect(violations).toEqual([]);
  }, 120_000);

  it(`an offline device's queued check-in of the old number, sent meanwhile, does not either (${RUNS} runs)`, async () => {
    let n = 0;
    const violations = await everyRun(() =>
      race((ticket) => ({
        ticketId: ticket.id,
        ticketNumber: ticket.ticketNumber,
        at: new Date(Date.now() - MINUTE).toISOString(),
        deviceCheckInId: `race-door-${++n}`,
      })),
    );
    expect(violations).toEqual([]);
  }, 120_000);

  it(`a check-in that comes first makes the transfer wait and refuse (${RUNS} runs)`, async () => {
    const violations = await everyRun(async () => {
      const ticket = await newTicket();
      const gate = await closeGate(pool, 'SELECT id FROM tickets WHERE id = $1 FOR UPDATE', [ticket.id]);
      const scanning = checkIn(ticket.eventId, {
        scan: ticketBarcodeContent(ticket.id, ticket.ticketNumber),
      });
      await untilWaiting(pool, 1);
      const transferring = transfer(ticket.id);
      await untilWaiting(pool, 2, transferring);
      await gate.open();
      const [scanned, transferred] = await Promise.all([scanning, transferring]);
      const found: string[] = [];
      const outcome = (await scanned.json()) as CheckInOutcome;
      if (outcome.result !== 'checked-in') found.push(`the first scan answered '${outcome.result}'`);
      if (transferred.status !== 409)
        found.push(`the transfer of a checked-in ticket answered ${transferred.status}`);
      const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      if (row!.ticketNumber !== ticket.ticketNumber) found.push('a checked-in ticket got a new number');
      return found;
    });
    expect(violations).toEqual([]);
  }, 120_000);
});
