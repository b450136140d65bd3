import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '@server/core/mail/enqueue-mail';
import type { Database } from '@server/db/client';
import type { Event } from '@server/db/types';
import {
  bookings,
  events,
  mailOutbox,
  mailRules,
  mailRuleSends,
  payments,
  refunds,
  tickets,
} from '@server/db/schema';
import { createBooking, createEvent, createUser } from '@server/demo/factories';
import { cookiesOf } from '../helpers/auth';
import { createTestDatabase, seatInvariantViolations } from '../helpers/db';
import { FakeStripe } from '../helpers/fake-stripe';
import { startLocalS3, type LocalS3 } from '../helpers/s3-server';
import { connectSeatStream } from '../helpers/seat-stream';
import { printFigures } from '../faults/support/figures';
import { freePort } from '../faults/support/server-process';
import {
  killHard,
  logLines,
  percentile,
  restart,
  startInstance,
  stopAll,
  waitUntil,
  type Instance,
} from './support/cluster';
import { startMailRelay, type MailRelay } from './support/mail-relay';
import { startProviderDoors, type ProviderDoors } from './support/provider-doors';

// Issue 14, several instances (docs/architecture.md#several-instances): three real servers (child processes,
// each with its own port and DATA_DIR) on one PostgreSQL database, one S3 bucket (s3rver), one SMTP relay and
// one payment provider (the fake Stripe), as behind a load balancer. What they must agree on lives in the
// database and the bucket; this file shows it does: a booking rush over all three sells exactly the seats,
// seat changes reach the live streams of the others, every background job does each unit of work once
// (also when an instance is killed mid-refund and restarted), sessions and rate limits are shared, and a
// file uploaded through one is served by the others. Figures are printed as `[cluster] …` lines.

const NAMES = ['a', 'b', 'c'] as const;
/** Mails in the outbox before the instances start: all three workers race for them at once. */
const MAILS_AT_START = 60;
/** Pending bookings whose holds ran out before the start, and more while instance c is down. */
const HOLDS_AT_START = 12;
const HOLDS_WHILE_DOWN = 6;
/** Refunds owed (recorded, not yet sent to the provider) before the start; at most one round's 20. */
const REFUNDS_AT_START = 15;
const MAILS_WHILE_DOWN = 30;
/** Tickets of an event whose shipped reminder came due a minute before the start: one reminder each. */
const REMINDER_TICKETS = 8;
const RUSH_SEATS = 20;
const RUSH_BUYERS = 60;
/** Requests in flight per instance during the rush, as a load balancer's connection limit would allow. */
const RUSH_CONNECTIONS_PER_INSTANCE = 10;
const LIVE_CHANGES = 20;

const HOUR = 3_600_000;

let database: Database;
let s3: LocalS3;
let relay: MailRelay;
let stripe: FakeStripe;
let doors: ProviderDoors;
let instances: Instance[] = [];
let envOf: (index: number) => Record<string, string>;
const seeded = {
  holdEvents: [] as { event: Event; heldSeats: number }[],
  refundIds: [] as string[],
  refundIntents: new Map<string, { intentId: string; amountCents: number }>(),
  reminderEvent: null as Event | null,
};
/** Rush buyers who got no seat: signed in, so the live-seat part books with them. */
let rushLosers: { email: string; cookie: string }[] = [];

const db = () => database.db;

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  database = await createTestDatabase(); // a fresh database from the migrated template, dropped in close()
  const { rows } = await database.pool!.query<{ name: string }>('SELECT current_database() AS name');
  const databaseUrl = new URL(process.env.TEST_DATABASE_URL);
  databaseUrl.pathname = `/${rows[0]!.name}`;
  [s3, relay, stripe] = await Promise.all([
    startLocalS3('ticketshop-cluster'),
    startMailRelay(),
    new FakeStripe().start(),
  ]);
  doors = await startProviderDoors(stripe.url, NAMES.length);
  const ports = await Promise.all(NAMES.map(() => freePort()));
  const secret = randomBytes(32).toString('base64url'); // one APP_SECRET: cookies are signed alike
  envOf = (index) => ({
    DATABASE_URL: databaseUrl.toString(),
    // three instances of 20 beside another file's processes took PostgreSQL's 100 connections on a slow machine
    // ('too many clients already'); 10 each carry the rush (DATABASE_POOL_MAX)
    DATABASE_POOL_MAX: '10',
    APP_SECRET: secret,
    ...s3.env,
    SMTP_URL: relay.smtpUrl(`node-${NAMES[index]}`),
    STRIPE_SECRET_KEY: 'sk_test_cluster',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_cluster',
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: doors.doors[index]!.url,
    // The test is the load balancer: X-Forwarded-For names the client (decision 016).
    TRUST_PROXY: '127.0.0.1',
    AUTH_CODE_INTERVAL_SECONDS: '0',
    LOG_LEVEL: 'info', // 'seat holds expired' with its count is an info line
  });

  await seedWorkBeforeStart();
  // The refund race: a and b each get stuck at the provider with the first refund they claim; c's first
  // refund reaches the provider, which makes it, but the answer never comes back. Then c is killed.
  doors.doors[0]!.mode = 'wait';
  doors.doors[1]!.mode = 'wait';
  doors.doors[2]!.mode = 'withhold-refund-answers';
  const started = await Promise.allSettled(
    NAMES.map((name, index) => startInstance({ name, port: ports[index]!, env: envOf(index) })),
  );
  instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason; // afterAll stops those that did start
}, 240_000);

afterAll(async () => {
  await stopAll(instances);
  await doors?.close();
  await stripe?.stop();
  await relay?.close();
  await s3?.close();
  await database?.close();
});

async function seedWorkBeforeStart() {
  for (let i = 0; i < MAILS_AT_START; i++) {
    await enqueueMail(db(), {
      to: `vorab-${i}@example.org`,
      subject: `Cluster-Test vorab ${i}`,
      text: `Nachricht ${i} aus dem Ausgang, geschrieben vor dem Start.`,
      html: `<p>Nachricht ${i}</p>`,
    });
  }
  seeded.holdEvents.push(await seedExpiredHolds(HOLDS_AT_START));

  // An event whose reminder (the shipped rule, two days before the start) came due a minute ago: all three
  // event-mail jobs race for it (docs/product/event-mails.md#exactly-once).
  const reminderEvent = await createEvent(db(), {
    title: `Cluster-Erinnerung ${randomBytes(3).toString('hex')}`,
    startTime: new Date(Date.now() + 48 * HOUR - 60_000),
  });
  // the shipped rule counts from its creation (docs/product/event-mails.md#exactly-once); in a shop it is older
  // than any event's reminder time, here the template database was migrated seconds ago
  await db()
    .update(mailRules)
    .set({ createdAt: new Date(Date.now() - 24 * HOUR) })
    .where(isNull(mailRules.eventId));
  const { user: attendee } = await createUser(db());
  // booked before the reminder's time (later bookings get none, docs/product/event-mails.md#late-bookings)
  await createBooking(db(), {
    event: reminderEvent,
    profileId: attendee.id,
    quantity: REMINDER_TICKETS,
    now: new Date(Date.now() - 2 * HOUR),
  });
  seeded.reminderEvent = reminderEvent;

  // Stripe-paid bookings that owe a refund: the refund rows are committed, the provider has not been asked
  // (as after a crash between a cancellation's commit and its send,
  // docs/product/tickets-and-refunds.md#refund-rows-first).
  const paidEvent = await createEvent(db(), { totalSeats: REFUNDS_AT_START, priceCents: 4900 });
  const { user: buyer } = await createUser(db(), {
    email: `erstattung-${randomBytes(3).toString('hex')}@example.org`,
  });
  for (let i = 0; i < REFUNDS_AT_START; i++) {
    const { booking } = await createBooking(db(), { event: paidEvent, profileId: buyer.id });
    const intentId = `pi_cluster_${i}_${randomBytes(6).toString('hex')}`;
    stripe.intents.set(intentId, {
      id: intentId,
      object: 'payment_intent',
      amount: booking.totalAmountCents,
      currency: 'eur',
      status: 'succeeded',
      client_secret: `${intentId}_secret_x`,
      metadata: { bookingId: booking.id },
      last_payment_error: null,
      description: null,
    });
    const [payment] = await db()
      .update(payments)
      .set({ provider: 'stripe', providerPaymentId: intentId })
      .where(eq(payments.bookingId, booking.id))
      .returning();
    const amountCents = 1000 + i * 100; // a different amount per refund: the provider must get each one's
    const owedSince = new Date(Date.now() - HOUR); // due: its back-off passed long ago
    const [refund] = await db()
      .insert(refunds)
      .values({
        paymentId: payment!.id,
        bookingId: booking.id,
        amountCents,
        reason: 'cancelled_by_user',
        createdAt: owedSince,
        updatedAt: owedSince,
      })
      .returning();
    seeded.refundIds.push(refund!.id);
    seeded.refundIntents.set(refund!.id, { intentId, amountCents });
  }
}

/** A paid event with `count` pending bookings of 1–3 seats whose hold ended 45 minutes ago. */
async function seedExpiredHolds(count: number) {
  const event = await createEvent(db(), { totalSeats: 40, priceCents: 4900 });
  const { user: buyer } = await createUser(db(), {
    email: `halter-${randomBytes(3).toString('hex')}@example.org`,
  });
  let heldSeats = 0;
  for (let i = 0; i < count; i++) {
    const quantity = 1 + (i % 3);
    // created an hour ago: the 15-minute hold ran out 45 minutes ago
    await createBooking(db(), {
      event,
      profileId: buyer.id,
      quantity,
      status: 'pending',
      now: new Date(Date.now() - HOUR),
    });
    heldSeats += quantity;
  }
  return { event, heldSeats };
}

// ---------------------------------------------------------------------------------------------------------
// HTTP as browsers behind the load balancer send it

let clientCounter = 0;
/** A client address of its own (X-Forwarded-For): per-client rate limits count per address. */
const nextClientIp = () => `10.14.${Math.floor(++clientCounter / 250)}.${clientCounter % 250}`;

function post(base: string, route: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
}

/**
 * Signs in by code as a person does: asks for the code through one instance, reads it from the mail the
 * relay received (sent by whichever instance's outbox worker got it), and enters it through another.
 */
async function signIn(email: string, sendVia: Instance, verifyVia: Instance, ip = nextClientIp()) {
  const before = relay.countTo(email);
  const sent = await post(sendVia.url, '/api/auth/code/send', { email }, { 'X-Forwarded-For': ip });
  expect(sent.status, await sent.clone().text()).toBe(200);
  const code = await relay.waitForCode(email, before);
  const verified = await post(
    verifyVia.url,
    '/api/auth/code/verify',
    { email, code },
    { 'X-Forwarded-For': ip },
  );
  expect(verified.status, await verified.clone().text()).toBe(200);
  return cookiesOf(verified);
}

async function sessionUser(base: string, cookie: string) {
  const res = await fetch(`${base}/api/session`, {
    headers: { cookie },
    signal: AbortSignal.timeout(30_000),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { user: { id: string; email: string } | null }).user;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------------------
// What the jobs did, from the outside: the relay, the provider, the database and the instances' logs

/** Rows of the reminder's send log for the seeded event. */
async function reminderSends(): Promise<number> {
  return db().$count(mailRuleSends, eq(mailRuleSends.eventId, seeded.reminderEvent!.id));
}

async function mailState() {
  const [row] = await db()
    .select({
      sent: sql<number>`count(*) filter (where ${mailOutbox.status} = 'sent')::int`,
      pending: sql<number>`count(*) filter (where ${mailOutbox.status} = 'pending')::int`,
      failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')::int`,
    })
    .from(mailOutbox);
  const perKey = new Map<string, number>();
  for (const delivery of relay.deliveries) perKey.set(delivery.key, (perKey.get(delivery.key) ?? 0) + 1);
  const perSender: Record<string, number> = {};
  for (const delivery of relay.deliveries) perSender[delivery.sender] = (perSender[delivery.sender] ?? 0) + 1;
  return {
    sent: Number(row!.sent),
    pending: Number(row!.pending),
    failed: Number(row!.failed),
    delivered: relay.deliveries.length,
    /** Deliveries beyond the first of the same outbox row. */
    duplicated: [...perKey.values()].reduce((sum, n) => sum + n - 1, 0),
    distinct: perKey.size,
    perSender,
  };
}

/** The `expired` counts of every 'seat holds expired' line, per instance, over all its lives. */
function holdsExpiredLogged() {
  const per: Record<string, number> = {};
  for (const instance of instances) {
    per[instance.name] = logLines(instance)
      .filter((line) => line.msg === 'seat holds expired')
      .reduce((sum, line) => sum + Number(line.expired), 0);
  }
  return per;
}

const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
const perInstance = (values: Record<string, number>) =>
  Object.entries(values)
    .map(([name, n]) => `${name.replace(/^node-/, '')}:${n}`)
    .join('/');

// ---------------------------------------------------------------------------------------------------------

describe.skipIf(!process.env.TEST_DATABASE_URL)('three instances on one database and one bucket', () => {
  it('names every background job, so a job added later gets its exactly-once case here', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const jobFiles = readdirSync(path.join(root, 'src/server/jobs'))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .sort();
    // periodic-task.ts is the loop they share; each of the others has its case in the test below
    expect(jobFiles, 'a new job needs its exactly-once case in test/cluster/cluster.test.ts').toEqual([
      // claims by conditional UPDATEs: test/api/bank-transfer.test.ts runs its rounds twice at once
      'bank-transfer-job.ts',
      'event-mail-job.ts',
      'hold-expiry-job.ts',
      'outbox-worker.ts',
      'periodic-task.ts',
      // claims each attempt by a conditional UPDATE of reconciled_at: test/api/payments-stripe-methods.test.ts
      // runs two rounds at once and sees each intent asked once
      'reconcile-job.ts',
      'refund-job.ts',
      // deletes by time only; three rounds at once: test/jobs/retention.test.ts
      'retention-job.ts',
      // claims each delivery with FOR UPDATE SKIP LOCKED and a lease: test/api/webhooks.test.ts runs two
      // rounds at once and sees each delivery sent once
      'webhook-worker.ts',
    ]);
    const main = readFileSync(path.join(root, 'src/server/main.ts'), 'utf8');
    const started = [...main.matchAll(/services\.(\w+)\.start\(\)/g)].map((match) => match[1]).sort();
    expect(started, 'main.ts starts a job this test does not know').toEqual([
      'bankTransfers',
      'eventMails',
      'holdExpiry',
      'outbox',
      'reconcile',
      'refundJob',
      'retention',
      'seatFeed',
      'webhooks',
    ]);
  });

  it('does each unit of background work once: mails, reminders, expired holds, refunds, with c killed mid-refund and restarted', async () => {
    const c = instances[2]!;
    // c's refund job has claimed a refund and the provider has made it; c has not heard back.
    const withheldKey = await doors.doors[2]!.waitForWithheld(90_000);
    const withheldId = withheldKey.replace(/^refund-/, '');
    expect(seeded.refundIds).toContain(withheldId);
    // No mail is being sent at the kill: the seeded ones are all out (a kill mid-send would leave that mail
    // to be sent again after its lease: at-least-once by design, docs/architecture.md#background-jobs).
    await waitUntil(
      async () => (await mailState()).pending === 0 && (await reminderSends()) === REMINDER_TICKETS,
      'the mails seeded before the start and the reminders to go',
    );
    await killHard(c);
    doors.doors[0]!.pass();
    doors.doors[1]!.pass();
    doors.doors[2]!.pass();
    // The refund c claimed waits for its back-off (a minute); the clock jumps over it, as if it had passed.
    await db()
      .update(refunds)
      .set({ updatedAt: new Date(Date.now() - HOUR) })
      .where(and(eq(refunds.id, withheldId), eq(refunds.status, 'pending')));

    // While c is down: more holds run out and more mails wait; then c comes back on the same port.
    seeded.holdEvents.push(await seedExpiredHolds(HOLDS_WHILE_DOWN));
    for (let i = 0; i < MAILS_WHILE_DOWN; i++) {
      await enqueueMail(db(), {
        to: `waehrend-${i}@example.org`,
        subject: `Cluster-Test während des Neustarts ${i}`,
        text: `Nachricht ${i}, geschrieben während c nicht lief.`,
        html: `<p>Nachricht ${i}</p>`,
      });
    }
    await restart(c, envOf(2));

    const holdEventIds = seeded.holdEvents.map(({ event }) => event.id);
    const holdsTotal = HOLDS_AT_START + HOLDS_WHILE_DOWN;
    await waitUntil(
      async () => {
        const owed = await db()
          .select({ id: refunds.id })
          .from(refunds)
          .where(and(inArray(refunds.id, seeded.refundIds), sql`${refunds.status} <> 'succeeded'`));
        const held = await db()
          .select({ id: bookings.id })
          .from(bookings)
          .where(and(inArray(bookings.eventId, holdEventIds), eq(bookings.status, 'pending')));
        const mails = await mailState();
        return owed.length === 0 && held.length === 0 && mails.pending === 0;
      },
      'every refund made, every hold expired, every mail sent',
      90_000,
    );
    // Each round logs its count after its commit: wait for the lines of the last rounds.
    await waitUntil(() => sum(holdsExpiredLogged()) >= holdsTotal, 'the hold-expiry log lines');

    // Mails: every outbox row delivered once, by whichever instance claimed it.
    const mails = await mailState();
    expect(mails).toMatchObject({ pending: 0, failed: 0, duplicated: 0 });
    expect(mails.delivered).toBe(mails.sent);
    expect(mails.distinct).toBe(mails.sent);
    expect(mails.sent).toBe(MAILS_AT_START + MAILS_WHILE_DOWN + REMINDER_TICKETS);
    // Reminders: one per ticket, whichever instance's event-mail job wrote it.
    const reminders = await db()
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Bald geht’s los: ${seeded.reminderEvent!.title}`));
    expect(reminders).toHaveLength(REMINDER_TICKETS);
    expect(await reminderSends()).toBe(REMINDER_TICKETS);

    // Holds: every booking expired once, its seats back once (a second return would show in the counts).
    const expiredLogged = holdsExpiredLogged();
    expect(sum(expiredLogged)).toBe(holdsTotal);
    for (const { event } of seeded.holdEvents) {
      const [row] = await db().select().from(events).where(eq(events.id, event.id));
      expect(row!.availableSeats).toBe(row!.totalSeats);
    }
    const expiredRows = await db()
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(inArray(bookings.eventId, holdEventIds), eq(bookings.status, 'expired')));
    expect(expiredRows).toHaveLength(holdsTotal);
    expect(await seatInvariantViolations(db())).toEqual([]);

    // Refunds: one refund at the provider per refund row, for its amount, recorded against the row.
    const rows = await db().select().from(refunds).where(inArray(refunds.id, seeded.refundIds));
    const madeAtProvider = [...stripe.refunds.values()];
    let madeTwice = 0;
    for (const row of rows) {
      const { intentId, amountCents } = seeded.refundIntents.get(row.id)!;
      const made = madeAtProvider.filter((refund) => refund.payment_intent === intentId);
      madeTwice += Math.max(0, made.length - 1);
      expect(made.map((refund) => refund.amount)).toEqual([amountCents]);
      expect(row).toMatchObject({ status: 'succeeded', providerRefundId: made[0]!.id });
    }
    // Calls per idempotency key: the one c made before it died was made again after, and answered with the
    // same refund. A round works through the list it read at its start, so a refund another instance claimed
    // meanwhile can be sent a second time under the same key (see the report line): the key keeps it one
    // refund.
    const callsPerKey = new Map<string, number>();
    for (const request of stripe.requests) {
      if (request.method !== 'POST' || request.path !== '/v1/refunds' || !request.idempotencyKey) continue;
      callsPerKey.set(request.idempotencyKey, (callsPerKey.get(request.idempotencyKey) ?? 0) + 1);
    }
    expect(callsPerKey.get(withheldKey)).toBeGreaterThanOrEqual(2);
    const repeatedCalls = [...callsPerKey.values()].reduce((total, n) => total + n - 1, 0);
    const providerCalls = Object.fromEntries(
      doors.doors.map((door, index) => [
        NAMES[index]!,
        door.calls.filter((call) => call.method === 'POST' && call.path === '/v1/refunds').length,
      ]),
    );

    printFigures(
      'jobs across 3 instances, c killed mid-refund and restarted',
      {
        'mails sent': mails.sent,
        'mails by instance': perInstance(mails.perSender),
        'mails duplicated': mails.duplicated,
        'holds expired': sum(expiredLogged),
        'holds by instance': perInstance(expiredLogged),
        'holds expired twice': sum(expiredLogged) - holdsTotal,
        refunds: rows.length,
        'provider refund calls by instance': perInstance(providerCalls),
        'refunds made twice at the provider': madeTwice,
        'provider calls repeated under the same idempotency key': repeatedCalls,
        'jobs duplicated': mails.duplicated + (sum(expiredLogged) - holdsTotal) + madeTwice,
      },
      'cluster',
    );
    expect(madeTwice).toBe(0);
  }, 180_000);

  it('accepts a session from one instance on the others, and a sign-out on one ends it on all', async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    const email = `sitzung-${randomBytes(3).toString('hex')}@example.org`;
    await createUser(db(), { email });
    const cookie = await signIn(email, a, b); // code asked for through a, entered through b
    const users = await Promise.all([a, b, c].map((instance) => sessionUser(instance.url, cookie)));
    expect(users.map((user) => user?.email)).toEqual([email, email, email]);
    const signedOut = await post(c.url, '/api/auth/sign-out', {}, { cookie });
    expect(signedOut.status).toBe(200);
    const after = await Promise.all([a, b, c].map((instance) => sessionUser(instance.url, cookie)));
    expect(after).toEqual([null, null, null]);
    printFigures(
      'sessions',
      { 'signed in via': 'a+b', 'valid on': 3, 'signed out via': 'c', 'ended on': 3 },
      'cluster',
    );
  });

  it('counts rate limits across instances (docs/product/accounts-and-consent.md#sign-in-rate-limits)', async () => {
    const across = (i: number) => instances[i % instances.length]!;
    // Per address, five code mails an hour: five through a, b, c, a, b; the sixth is refused on every one.
    const email = `grenze-${randomBytes(3).toString('hex')}@example.org`;
    const perAddress: number[] = [];
    for (let i = 0; i < 5 + instances.length; i++) {
      const res = await post(
        across(i).url,
        '/api/auth/code/send',
        { email },
        { 'X-Forwarded-For': nextClientIp() },
      );
      perAddress.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
    expect(perAddress).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);

    // Per client, 30 sends in 10 minutes: ten through each instance, then each refuses the 31st.
    const client = nextClientIp();
    const perClient: number[] = [];
    for (let i = 0; i < 30 + instances.length; i++) {
      const to = `kunde-${i}-${randomBytes(3).toString('hex')}@example.org`;
      const res = await post(
        across(i).url,
        '/api/auth/code/send',
        { email: to },
        { 'X-Forwarded-For': client },
      );
      perClient.push(res.status);
    }
    expect(perClient.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(perClient.slice(30)).toEqual([429, 429, 429]);
    printFigures(
      'rate limits',
      {
        'per address (5/h)': `${perAddress.filter((s) => s === 200).length} accepted then 429 on a, b and c`,
        'per client (30/10 min)': `${perClient.filter((s) => s === 200).length} accepted then 429 on a, b and c`,
      },
      'cluster',
    );
  });

  it('serves a file uploaded through one instance from the others (one bucket)', async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    const email = `bild-${randomBytes(3).toString('hex')}@example.org`;
    await createUser(db(), { email });
    const cookie = await signIn(email, a, a);
    const png = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: 40, g: 110, b: 90 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'bild.png');
    const uploaded = await fetch(`${a.url}/api/profile/images/avatar`, {
      method: 'POST',
      headers: { cookie },
      body: form,
      signal: AbortSignal.timeout(30_000),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const { url } = (await uploaded.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/avatars\//);

    const served = await Promise.all(
      [a, b, c].map(async (instance) => {
        const res = await fetch(`${instance.url}${url}`, { signal: AbortSignal.timeout(30_000) });
        return {
          status: res.status,
          etag: res.headers.get('ETag'),
          bytes: Buffer.from(await res.arrayBuffer()),
        };
      }),
    );
    expect(served.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(served[1]!.bytes.equals(served[0]!.bytes)).toBe(true);
    expect(served[2]!.bytes.equals(served[0]!.bytes)).toBe(true);
    expect(new Set(served.map((answer) => answer.etag)).size).toBe(1);
    expect((await sharp(served[2]!.bytes).metadata()).format).toBe('webp');
    // nothing went to a disk of its own: each DATA_DIR has no uploads
    for (const instance of instances) expect(existsSync(path.join(instance.dataDir, 'uploads'))).toBe(false);
    printFigures(
      'upload',
      { 'uploaded via': 'a', 'same bytes on': 3, bytes: served[0]!.bytes.length },
      'cluster',
    );
  });

  it('sells exactly the seats in a booking rush spread over all three', async () => {
    const event = await createEvent(db(), { totalSeats: RUSH_SEATS, priceCents: 0 });
    const buyers = await mapLimited(
      Array.from({ length: RUSH_BUYERS }, (_, i) => i),
      12,
      async (i) => {
        const email = `ansturm-${i}-${randomBytes(3).toString('hex')}@example.org`;
        await createUser(db(), { email });
        const cookie = await signIn(email, instances[i % 3]!, instances[(i + 1) % 3]!);
        return { email, cookie, via: instances[(i + 2) % 3]! };
      },
    );
    // Everyone books at once, round-robin over the instances, at most ten requests in flight per instance.
    const outcomes = await Promise.all(
      instances.map((instance) =>
        mapLimited(
          buyers.filter((buyer) => buyer.via === instance),
          RUSH_CONNECTIONS_PER_INSTANCE,
          async (buyer) => {
            const res = await post(
              instance.url,
              '/api/bookings',
              { eventId: event.id, quantity: 1, holderName: 'Anna Beispiel' },
              { cookie: buyer.cookie },
            );
            return { buyer, instance: instance.name, status: res.status };
          },
        ),
      ),
    ).then((answered) => answered.flat());

    const count = (status: number) => outcomes.filter((outcome) => outcome.status === status).length;
    const soldBy = Object.fromEntries(
      NAMES.map((name) => [name, outcomes.filter((o) => o.instance === name && o.status === 201).length]),
    );
    const [row] = await db().select().from(events).where(eq(events.id, event.id));
    const [ticketCount] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(and(eq(tickets.eventId, event.id), eq(tickets.status, 'active')));
    const confirmed = await db()
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.eventId, event.id), eq(bookings.status, 'confirmed')));
    printFigures(
      'rush',
      {
        sold: count(201),
        'of seats': RUSH_SEATS,
        refused: count(409),
        other: outcomes.length - count(201) - count(409),
        buyers: RUSH_BUYERS,
        'sold by instance': perInstance(soldBy),
        tickets: Number(ticketCount!.n),
        'available after': row!.availableSeats,
        oversold: Math.max(0, Number(ticketCount!.n) - RUSH_SEATS),
      },
      'cluster',
    );
    expect(count(201)).toBe(RUSH_SEATS);
    expect(count(409)).toBe(RUSH_BUYERS - RUSH_SEATS);
    expect(row!.availableSeats).toBe(0);
    expect(Number(ticketCount!.n)).toBe(RUSH_SEATS);
    expect(confirmed).toHaveLength(RUSH_SEATS);
    expect(await seatInvariantViolations(db())).toEqual([]);
    rushLosers = outcomes.filter((o) => o.status === 409).map((o) => o.buyer);
  }, 120_000);

  it('brings a seat change on one instance to the live-seat listeners of the others', async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    expect(rushLosers.length).toBeGreaterThanOrEqual(LIVE_CHANGES);
    const event = await createEvent(db(), { totalSeats: LIVE_CHANGES + 10, priceCents: 0 });
    const streams = await Promise.all([b, c].map((instance) => connectSeatStream(instance.url)));
    try {
      /** From the booking request's start: includes the booking itself, an upper bound. */
      const fromRequest: number[] = [];
      /** From a's 201 (the commit is behind it): what a buyer's neighbours wait after the buyer is told. */
      const fromAnswer: number[] = [];
      for (let i = 0; i < LIVE_CHANGES; i++) {
        const expected = event.totalSeats - (i + 1);
        const started = performance.now();
        // Listen first, then book on a; each listener notes the moment it sees the new count.
        const arrivals = streams.map((stream) =>
          stream.waitFor(
            () =>
              stream.messages.some((message) => {
                if (message.event !== 'seats') return false;
                const update = JSON.parse(message.data) as { eventId: string; availableSeats: number };
                return update.eventId === event.id && update.availableSeats <= expected;
              })
                ? performance.now()
                : undefined,
            `seats ${expected} of ${event.id}`,
            5000, // every change must arrive; the figure is the p95 below
          ),
        );
        const res = await post(
          a.url,
          '/api/bookings',
          { eventId: event.id, quantity: 1, holderName: 'Anna Beispiel' },
          { cookie: rushLosers[i]!.cookie },
        );
        const answered = performance.now();
        expect(res.status).toBe(201);
        for (const arrived of await Promise.all(arrivals)) {
          fromRequest.push(arrived - started);
          fromAnswer.push(Math.max(0, arrived - answered)); // the NOTIFY may overtake the answer
        }
      }
      const p95 = percentile(fromAnswer, 95);
      printFigures(
        'live seats across instances',
        {
          changes: LIVE_CHANGES,
          'booked on': 'a',
          'listeners on': 'b+c',
          arrived: `${fromAnswer.length}/${LIVE_CHANGES * 2}`,
          'p95 ms after the answer': Math.round(p95),
          'p95 ms from the request': Math.round(percentile(fromRequest, 95)),
          'p50 ms from the request': Math.round(percentile(fromRequest, 50)),
          'max ms from the request': Math.round(Math.max(...fromRequest)),
        },
        'cluster',
      );
      // Every change arrived (each within 5 s, the waits above); the 1 s target holds for the time after
      // a's answer. From the request's start it includes the booking and, on a busy CI machine, the queue
      // for the two cores: printed, not asserted.
      expect(fromAnswer).toHaveLength(LIVE_CHANGES * 2);
      expect(p95).toBeLessThan(1000);
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  }, 60_000);

  it('sends every mail the cluster wrote exactly once', async () => {
    // sign-in codes and booking confirmations of the parts above, sent by whichever worker claimed each
    await waitUntil(async () => (await mailState()).pending === 0, 'the outbox to be empty', 60_000);
    const mails = await mailState();
    printFigures(
      'mails over the whole run',
      {
        sent: mails.sent,
        delivered: mails.delivered,
        'by instance': perInstance(mails.perSender),
        duplicated: mails.duplicated,
        failed: mails.failed,
      },
      'cluster',
    );
    expect(mails).toMatchObject({ pending: 0, failed: 0, duplicated: 0 });
    expect(mails.delivered).toBe(mails.sent);
    expect(mails.distinct).toBe(mails.sent);
  }, 90_000);
});
