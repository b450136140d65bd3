// Booking throughput (issue 5): 50 connections book one ticket per request, again and again, each request
// as the next of 50 signed-in buyers (cookies in turn), for 10 s through POST /api/bookings of the built
// server on PostgreSQL, for one paid event with seats enough for all. Beside it the limit: the same database
// transaction (BEGIN; conditional UPDATE of the event row; INSERT INTO bookings; pg_notify; COMMIT, as
// core/bookings/create-booking.ts sends it) run directly by pgbench with 50 clients for 10 s, or by 50
// node-postgres clients when pgbench is not installed; then once more without pg_notify (NOTIFY serialises
// commits), as the pgbench figure was taken. Targets: ≥ 1,000 bookings/s and API/raw ≥ 0.5.
// Needs `npm run build` and a PostgreSQL server (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres), on which it creates a scratch database and drops it afterwards.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  insertBuyers,
  insertEvent,
  percentile,
  seatState,
  withBookingServer,
  withClient,
} from './booking-setup.mjs';

const PORT = 3194;
const SEATS = 10_000_000;

export async function benchBookingThroughput({ connections = 50, duration = 10 } = {}) {
  return withBookingServer(
    { database: `ticketshop_bench_throughput_${process.pid}`, port: PORT },
    async ({ url, databaseUrl, secret, stopServer }) => {
      const { ids, cookies, eventId } = await withClient(databaseUrl, async (client) => ({
        ...(await insertBuyers(client, { count: connections, secret })),
        eventId: await insertEvent(client, { seats: SEATS, slug: 'bench-throughput' }),
      }));

      await book(url, eventId, cookies, { connections, duration: 1 }); // warm-up: JIT, pools, connections
      const before = await withClient(databaseUrl, (client) => settledState(client, eventId));
      const api = await book(url, eventId, cookies, { connections, duration });
      // autocannon stops at the deadline; requests still queued in the server finish afterwards
      const after = await withClient(databaseUrl, (client) => settledState(client, eventId));
      const stored = after.bookings - before.bookings;

      // the limit, without the server (nobody LISTENs then); once as the server sends it, once without
      // pg_notify as the pgbench figure for the hot-row design was taken (NOTIFY serialises commits)
      await stopServer();
      const run = (notify) =>
        rawTransactions(databaseUrl, { eventId, buyerIds: ids, connections, duration, notify });
      const raw = await run(true);
      const rawWithoutNotify = await run(false);
      const state = await withClient(databaseUrl, (client) => seatState(client, eventId));
      const ratio = api.bookingsPerSecond / raw.transactionsPerSecond;

      const ms = (value) => `${value.toFixed(0)} ms`;
      console.log(
        `POST /api/bookings, ${connections} connections, ${connections} signed-in buyers in turn, ${duration} s, paid event`,
      );
      console.log(
        `  API (PostgreSQL)   ${api.bookingsPerSecond.toFixed(0).padStart(6)} bookings/s   p50 ${ms(api.p50)}` +
          `  p95 ${ms(api.p95)}  p99 ${ms(api.p99)}   non-2xx ${api.non2xx}, errors ${api.errors}` +
          `   (${api.created} × 201 in time, ${stored} stored)`,
      );
      const rawLine = (name, r) =>
        `  ${name.padEnd(26)} ${r.transactionsPerSecond.toFixed(0).padStart(6)} transactions/s   (${r.tool}, ` +
        `${connections} clients, ${duration} s)`;
      console.log(rawLine('same transaction, raw', raw));
      console.log(rawLine('raw without pg_notify', rawWithoutNotify));
      console.log(`  ratio API/raw (same transaction): ${ratio.toFixed(2)}`);
      console.log(
        `  seat invariant after all runs: ${state.invariantHolds ? 'holds' : 'VIOLATED'}` +
          ` (${state.availableSeats} = ${state.totalSeats} − ${state.heldSeats})`,
      );
      console.log(
        `  load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
      console.log('targets: ≥ 1,000 bookings/s through the API and ratio API/raw ≥ 0.5');
      if (!state.invariantHolds || stored < api.created) process.exitCode = 1;
      return { api, raw, rawWithoutNotify, ratio, stored, state };
    },
  );
}

/** The seat state once no booking has been added for half a second (at most 30 s). */
async function settledState(client, eventId) {
  let last = await seatState(client, eventId);
  for (const started = Date.now(); Date.now() - started < 30_000;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await seatState(client, eventId);
    if (now.bookings === last.bookings) return now;
    last = now;
  }
  return last;
}

/** autocannon: each request carries the next buyer's cookie in turn, so 50 in flight are 50 buyers. */
async function book(url, eventId, cookies, { connections, duration }) {
  let next = 0;
  const body = JSON.stringify({ eventId, quantity: 1, holderName: 'Käufer im Lasttest' });
  const latencies = [];
  let created = 0;
  const instance = autocannon({
    url: `${url}/api/bookings`,
    connections,
    duration,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    requests: [
      {
        body,
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, cookie: cookies[next++ % cookies.length] },
        }),
      },
    ],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode === 201) created++;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    bookingsPerSecond: created / duration,
    created,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

// The statements create-booking.ts sends (as logged from node-postgres), with its parameters written in;
// each client books for its own buyer, as in the API run.
const RETURNING_EVENT = `"id", "slug", "title", "start_time", "end_time", "timezone", "location", "location_details",
  "mode", "price_unit", "image_url", "short_description", "price_cents", "early_bird_price_cents", "early_bird_ends_at",
  "currency"`;
const transactionSql = (eventId, buyer, { notify }) => [
  'BEGIN',
  `UPDATE "events" SET "available_seats" = "events"."available_seats" - 1::int * (CASE WHEN "events"."price_unit" =
    'per_pair' THEN 2 ELSE 1 END), "updated_at" = now() WHERE "events"."id" = '${eventId}' AND "events"."status" =
    'published' AND NOT "events"."hidden" AND "events"."start_time" > now() AND "events"."available_seats" >= 1::int *
    (CASE WHEN "events"."price_unit" = 'per_pair' THEN 2 ELSE 1 END) RETURNING ${RETURNING_EVENT}`,
  `INSERT INTO "bookings" ("id", "event_id", "profile_id", "quantity", "seats", "unit_price_cents",
    "total_amount_cents", "currency", "status", "payment_status", "hold_expires_at", "holder_name", "confirmed_at",
    "cancellation_date", "refund_reason", "is_test", "created_at", "updated_at")
    VALUES (default, '${eventId}', ${buyer}, 1, 1, 4900, 4900, 'EUR', 'pending', 'pending',
    now() + interval '15 minutes', 'Käufer im Lasttest', null, default, default, default, now(), default) RETURNING *`,
  ...(notify
    ? [
        `SELECT pg_notify('event_changes', json_build_object('kind', 'seats', 'eventId', id, 'availableSeats',
          available_seats, 'totalSeats', total_seats, 'visible', status = 'published' AND NOT hidden)::text)
          FROM events WHERE id = '${eventId}'`,
      ]
    : []),
  'COMMIT',
];

async function rawTransactions(databaseUrl, { eventId, buyerIds, connections, duration, notify }) {
  const hasPgbench = (() => {
    try {
      execFileSync('pgbench', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  const transactionsPerSecond = hasPgbench
    ? pgbench(databaseUrl, { eventId, connections, duration, notify })
    : await nodeClients(databaseUrl, { eventId, buyerIds, connections, duration, notify });
  return { transactionsPerSecond, tool: hasPgbench ? 'pgbench' : 'node-postgres' };
}

/** pgbench -c 50 -T 10 -n with a script file; :client_id (0…49) picks the buyer as insertBuyers named them. */
function pgbench(databaseUrl, { eventId, connections, duration, notify }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ticketshop-bench-pgbench-'));
  try {
    const script = path.join(dir, 'booking.sql');
    const statements = transactionSql(eventId, `'bench-buyer-' || :client_id`, { notify });
    writeFileSync(script, statements.map((s) => `${s.replace(/\s+/g, ' ')};\n`).join(''));
    const threads = String(Math.min(connections, 2));
    const output = execFileSync(
      'pgbench',
      ['-n', '-c', String(connections), '-j', threads, '-T', String(duration), '-f', script, databaseUrl],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const match = output.match(/tps = ([\d.]+)/);
    if (!match) throw new Error(`pgbench printed no tps:\n${output}`);
    return Number(match[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Without pgbench: 50 node-postgres clients, each running the transaction in a loop. */
async function nodeClients(databaseUrl, { eventId, buyerIds, connections, duration, notify }) {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return client;
    }),
  );
  try {
    let done = 0;
    const started = performance.now();
    const until = started + duration * 1000;
    await Promise.all(
      clients.map(async (client, i) => {
        const statements = transactionSql(eventId, `'${buyerIds[i % buyerIds.length]}'`, { notify });
        while (performance.now() < until) {
          for (const statement of statements) await client.query(statement);
          done++;
        }
      }),
    );
    return done / ((performance.now() - started) / 1000);
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBookingThroughput();
