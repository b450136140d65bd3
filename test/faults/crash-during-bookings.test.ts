import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '@shared/booking';
import type { DevMail } from '@shared/dev-mail';
import type { Database } from '@server/db/client';
import type { Db } from '@server/db/types';
import { createEvent, createUser } from '@server/demo/factories';
import { bookings, events, tickets } from '@server/db/schema';
import { cookiesOf } from '../helpers/auth';
import { createTestDatabase, seatInvariantViolations } from '../helpers/db';
import { printFigures } from './support/figures';
import { freePort, startServer, type ServerProcess } from './support/server-process';

// Fault test: kill -9 in the middle of a booking burst. Seats are taken by one statement each
// (core/bookings/create-booking.ts, docs/decisions/014), so a crash can only lose whole bookings' answers,
// never leave seats counted that no booking holds. After a restart on the same database the invariant
// holds, the holds made before the crash can be paid, and finishing the burst sells exactly the capacity.

const SEATS = 20;
const BUYERS = 5;
const BURST = 100;
/** The process dies right after this many bookings were answered with 201. */
const KILL_AFTER = 3;

const APP_NAME = 'ticketshop-crash-test';

let database: Database;
let dataDir: string;
let env: Record<string, string>;
let port: number;
let server: ServerProcess | undefined;
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  database = await createTestDatabase(); // a fresh database with a random name, dropped in close()
  const { rows } = await database.pool!.query<{ name: string }>('SELECT current_database() AS name');
  const databaseUrl = new URL(process.env.TEST_DATABASE_URL);
  databaseUrl.pathname = `/${rows[0]!.name}`;
  databaseUrl.searchParams.set('application_name', APP_NAME); // finds the server's backends (backendsGone)
  dataDir = mkdtempSync(path.join(tmpdir(), 'ticketshop-crash-'));
  // The same secret and data directory after the restart, as on a real host: sessions stay valid.
  env = {
    DATABASE_URL: databaseUrl.toString(),
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(32).toString('base64url'),
  };
  port = await freePort();
});
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const postJson = (base: string, route: string, body: unknown, cookie?: string) =>
  fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });

/** Signs in by code over HTTP, reading the code from the dev mailbox as e2e/support/mailbox.ts does. */
async function signIn(base: string, email: string): Promise<string> {
  expect((await postJson(base, '/api/auth/code/send', { email })).status).toBe(200);
  // The code mail is in the outbox before the answer to /send, so one look suffices.
  const mails = (await (await fetch(`${base}/api/dev/mails`)).json()) as DevMail[];
  const code = mails.find((mail) => mail.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
  expect(code).toBeDefined();
  const verified = await postJson(base, '/api/auth/code/verify', { email, code });
  expect(verified.status).toBe(200);
  return cookiesOf(verified);
}

type Outcome = { status: number; booking?: BookingView } | { connectionError: string };

async function book(base: string, cookie: string, eventId: string, quantity: number): Promise<Outcome> {
  try {
    const res = await postJson(
      base,
      '/api/bookings',
      { eventId, quantity, holderName: 'Anna Beispiel' },
      cookie,
    );
    return res.status === 201
      ? { status: 201, booking: (await res.json()) as BookingView }
      : { status: res.status };
  } catch (error) {
    return { connectionError: error instanceof Error ? String(error.cause ?? error.message) : String(error) };
  }
}

/**
 * Everything that must hold at any instant: per event, available seats = capacity − seats of pending and
 * confirmed bookings (seatInvariantViolations in test/helpers/db.ts), 0 ≤ available ≤ capacity, and a
 * confirmed booking has one active ticket per unit while a pending one has none.
 */
async function invariantViolations(db: Db): Promise<string[]> {
  const found = (await seatInvariantViolations(db)).map(
    (row) => `${row.slug}: ${row.availableSeats} frei ≠ ${row.totalSeats} − ${row.heldSeats}`,
  );
  const counters = await db.select().from(events);
  for (const event of counters) {
    if (event.availableSeats < 0 || event.availableSeats > event.totalSeats) {
      found.push(`${event.slug}: ${event.availableSeats} frei bei ${event.totalSeats} Plätzen`);
    }
  }
  const perBooking = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      quantity: bookings.quantity,
      activeTickets: sql<number>`count(${tickets.id}) filter (where ${tickets.status} = 'active')::int`,
    })
    .from(bookings)
    .leftJoin(tickets, eq(tickets.bookingId, bookings.id))
    .groupBy(bookings.id);
  for (const row of perBooking) {
    const expected =
      row.status === 'confirmed' ? row.quantity : row.status === 'pending' ? 0 : row.activeTickets;
    if (row.activeTickets !== expected)
      found.push(`${row.id}: ${row.status} mit ${row.activeTickets} Tickets`);
  }
  return found;
}

/** Waits (bounded) until no backend of the server is left in PostgreSQL. */
async function backendsGone() {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await database.pool!.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
      [APP_NAME],
    );
    if (rows[0]!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]!.n} backends of the killed server are still there`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const heldSeats = async (eventId: string) => {
  const [row] = await database.db
    .select({ held: sql<number>`coalesce(sum(${bookings.seats}), 0)::int` })
    .from(bookings)
    .where(sql`${bookings.eventId} = ${eventId} and ${bookings.status} in ('pending', 'confirmed')`);
  return Number(row!.held);
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('kill -9 during a booking burst (PostgreSQL)', () => {
  it('keeps the seat invariant, and the holds made before the crash stay payable', async () => {
    const event = await createEvent(database.db, { totalSeats: SEATS, priceCents: 4900 });
    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, (_, i) =>
        createUser(database.db, { email: `kaeufer-${i}-${randomBytes(3).toString('hex')}@example.org` }),
      ),
    );
    const first = await startServer({ port, env });
    server = first;
    const cookies = new Map<string, string>();
    for (const buyer of buyers) cookies.set(buyer.user.id, await signIn(first.url, buyer.user.email));

    // The burst: BURST parallel requests of 1 or 2 seats; SIGKILL as soon as KILL_AFTER were booked.
    let created = 0;
    const requests = Array.from({ length: BURST }, (_, i) => ({
      userId: buyers[i % BUYERS]!.user.id,
      quantity: 1 + (i % 2),
    }));
    const outcomes = await Promise.all(
      requests.map(async (request) => {
        const outcome = await book(first.url, cookies.get(request.userId)!, event.id, request.quantity);
        if ('status' in outcome && outcome.status === 201 && ++created === KILL_AFTER)
          first.child.kill('SIGKILL');
        return { request, outcome };
      }),
    );
    first.child.kill('SIGKILL'); // already dead unless the burst ended before KILL_AFTER bookings
    await first.exited;
    expect(created).toBeGreaterThanOrEqual(KILL_AFTER);
    // A statement the dead process had sent may still be running in its backend: wait until those are gone.
    await backendsGone();

    const answered = outcomes.filter(({ outcome }) => 'status' in outcome);
    const status = (code: number) =>
      answered.filter(({ outcome }) => 'status' in outcome && outcome.status === code);
    const serverErrors = answered.filter(({ outcome }) => 'status' in outcome && outcome.status >= 500);
    const cut = outcomes.filter(({ outcome }) => 'connectionError' in outcome);
    const bookedBeforeKill = status(201).map(({ outcome }) => (outcome as { booking: BookingView }).booking);
    expect(serverErrors).toEqual([]);
    expect(status(201).length + status(409).length).toBe(answered.length);
    expect(bookedBeforeKill.length).toBeGreaterThanOrEqual(KILL_AFTER);

    // With the process dead: the database alone must be consistent.
    const violationsAtKill = await invariantViolations(database.db);
    expect(violationsAtKill).toEqual([]);
    const heldAtKill = await heldSeats(event.id);
    const pendingAtKill = await database.db.select().from(bookings).where(eq(bookings.eventId, event.id));
    expect(pendingAtKill.every((booking) => booking.status === 'pending')).toBe(true);
    // Every answered booking exists; some may have committed whose answer the kill cut off.
    const bookingIds = new Set(pendingAtKill.map((booking) => booking.id));
    expect(bookedBeforeKill.every((booking) => bookingIds.has(booking.id))).toBe(true);
    const committedUnanswered = pendingAtKill.length - bookedBeforeKill.length;

    // Restart on the same database and data directory.
    const second = await startServer({ port, env });
    server = second;
    expect(await invariantViolations(database.db)).toEqual([]);

    // Every hold made before the crash, answered or not, is still its buyer's and can be paid.
    const paid = await Promise.all(
      pendingAtKill.map(async (booking) => {
        const cookie = cookies.get(booking.profileId!)!;
        const route = `/api/bookings/${booking.id}/payment`;
        expect((await postJson(second.url, route, {}, cookie)).status).toBe(200);
        const completed = await postJson(second.url, `${route}/test/complete`, {}, cookie);
        expect(completed.status).toBe(200);
        return { booking, view: (await completed.json()) as BookingView };
      }),
    );
    for (const { booking, view } of paid) {
      expect(view).toMatchObject({ id: booking.id, status: 'confirmed', paymentStatus: 'paid' });
      expect(view.tickets).toHaveLength(booking.quantity);
    }

    // Finish the burst: what the kill cut off, plus single seats enough to take whatever is left.
    const singles = Array.from({ length: SEATS }, (_, i) => ({
      userId: buyers[i % BUYERS]!.user.id,
      quantity: 1,
    }));
    const rest = [...cut.map(({ request }) => request), ...singles];
    const after = await Promise.all(
      rest.map((request) => book(second.url, cookies.get(request.userId)!, event.id, request.quantity)),
    );
    const afterStatuses = after.map((outcome) =>
      'status' in outcome ? outcome.status : outcome.connectionError,
    );
    expect(afterStatuses.every((code) => code === 201 || code === 409)).toBe(true);

    const violations = await invariantViolations(database.db);
    const sold = await heldSeats(event.id);
    const [final] = await database.db.select().from(events).where(eq(events.id, event.id));
    printFigures('kill -9 during a booking burst', {
      'requests sent': BURST + rest.length,
      'answered before kill': answered.length,
      'booked before kill': bookedBeforeKill.length,
      '5xx': serverErrors.length,
      'connection errors at kill': cut.length,
      'committed but unanswered': committedUnanswered,
      'seats held at kill': heldAtKill,
      'holds paid after restart': pendingAtKill.length,
      'answered after restart': after.filter((outcome) => 'status' in outcome).length,
      'seats sold': sold,
      capacity: SEATS,
      'invariant violations': violations.length + violationsAtKill.length,
    });
    expect(violations).toEqual([]);
    expect(sold).toBe(SEATS); // demand exceeded the seats: sold out, never beyond
    expect(final!.availableSeats).toBe(0);
  }, 90_000);
});
