// Booking throughput (issue 5): 50 connections book one ticket per request, again and again, each request
// as the next of 50 signed-in buyers (cookies in turn), for 10 s through POST /api/bookings of the built
// server on PostgreSQL, for one paid event with seats enough for all. Beside it the limit: the same database
// work per booking (the session read, then the one statement core/bookings/create-booking.ts sends:
// conditional UPDATE of the event row and INSERT of the booking in a CTE) run directly by pgbench with 50
// clients for 10 s (prepared statements, as the server uses them), or by 50 node-postgres clients when
// pgbench is not installed; then the statement alone,
// and the issue's two-statement design (BEGIN; UPDATE; INSERT; COMMIT) for comparison with its figure.
// Targets: ≥ 1,000 bookings/s and API/raw ≥ 0.5.
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

      // the limit, without the server: the statement the API sends, and the issue's two-statement design
      await stopServer();
      const run = (design) =>
        rawTransactions(databaseUrl, { eventId, buyerIds: ids, connections, duration, design });
      const raw = await run('session read + statement');
      const rawNow = await run('categories: reads + statement');
      const rawStatement = await run('one statement');
      const rawTwoStatements = await run('two statements');
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
      console.log(rawLine('session read + statement', raw));
      console.log(rawLine('+ category reads and line', rawNow));
      console.log(rawLine('booking statement alone', rawStatement));
      console.log(rawLine('issue design (UPDATE+INSERT)', rawTwoStatements));
      console.log(
        `  ratio API/raw (the same database work: session read + statement): ${ratio.toFixed(2)};` +
          ` against the statement alone ${(api.bookingsPerSecond / rawStatement.transactionsPerSecond).toFixed(2)}`,
      );
      console.log(
        `  ratio API/raw with what categories add (session, category and question reads, statement with its` +
          ` line): ${(api.bookingsPerSecond / rawNow.transactionsPerSecond).toFixed(2)}`,
      );
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
      return { api, raw, rawNow, rawStatement, rawTwoStatements, ratio, stored, state };
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

/**
 * autocannon: each request carries the next buyer's cookie in turn, so 50 in flight are 50 buyers; `orders`
 * (the body's order part, e.g. `{ items: [...] }`) are taken in turn too, default one ticket.
 */
export async function book(url, eventId, cookies, { connections, duration, orders = [{ quantity: 1 }] }) {
  let next = 0;
  const bodies = orders.map((order) =>
    JSON.stringify({ eventId, ...order, holderName: 'Käufer im Lasttest' }),
  );
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
        setupRequest: (req) => {
          const n = next++;
          return {
            ...req,
            body: bodies[n % bodies.length],
            headers: { ...req.headers, cookie: cookies[n % cookies.length] },
          };
        },
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

// What create-booking.ts sends for a paid booking (holdPaidBooking): ONE statement, in autocommit, that takes
// the seats with the conditional UPDATE and inserts the pending booking from its RETURNING row; the seat
// announcement is coalesced and sent after the commit, not per booking. Each client books for its own buyer,
// as in the API run. 'two statements' is the issue's pgbench design (BEGIN; UPDATE … WHERE available >= 1;
// INSERT; COMMIT), printed beside it for comparison.
const PER_TICKET = `(CASE WHEN price_unit = 'per_pair' THEN 2 ELSE 1 END)`;
const UNIT_PRICE = `(CASE WHEN early_bird_price_cents IS NOT NULL AND now() < early_bird_ends_at
  THEN early_bird_price_cents ELSE price_cents END)`;
// The server draws the order number in Node and passes it (docs/decisions/020-order-numbers.md); pgbench has
// no such source, so the database makes a unique stand-in (its format does not matter here).
const ORDER_NUMBER = `'B-' || md5(random()::text || clock_timestamp()::text)`;
// The session read every signed-in request makes first (core/auth/load-session-user.ts loadSessionByToken;
// here by the buyer's id, as pgbench cannot map clients to tokens: the same joins on a 50-row table).
const SESSION_READ = (buyer) => `SELECT u.id, u.email, u.name, u.email_verified, p.*, n.email_confirmed,
  c.granted, s.id, s.expires_at, s.created_at
  FROM session s JOIN "user" u ON u.id = s.user_id LEFT JOIN profiles p ON p.id = u.id
  LEFT JOIN user_notification_preferences n ON n.user_id = u.id
  LEFT JOIN consents c ON c.user_id = u.id AND c.purpose = 'dsgvo'
  WHERE s.user_id = ${buyer} LIMIT 1`;
// What prepareOrder reads before the statement since categories (docs/decisions/057): the event's categories
// and questions, in parallel.
const CATEGORIES_READ = (eventId) =>
  `SELECT * FROM ticket_categories WHERE event_id IN ('${eventId}') ORDER BY position, created_at`;
const QUESTIONS_READ = (eventId) =>
  `SELECT * FROM event_questions WHERE event_id IN ('${eventId}') ORDER BY position, created_at`;
/** The hold statement; with `lines` its booking line too, as holdPaidBooking writes it since categories. */
const holdStatement = (eventId, buyer, { lines }) => `WITH taken AS (
          UPDATE events SET available_seats = available_seats - 1::int * ${PER_TICKET}
          WHERE id = '${eventId}' AND status = 'published' AND NOT hidden AND start_time > now()
            AND available_seats >= 1::int * ${PER_TICKET} AND ${UNIT_PRICE} > 0
          RETURNING id, slug, title, start_time, end_time, timezone, location, location_details, mode, price_unit,
            image_url, short_description, currency, ${UNIT_PRICE} AS unit_price, ${PER_TICKET} AS per_ticket
        ), booked AS (
          INSERT INTO bookings (event_id, profile_id, quantity, seats, unit_price_cents, total_amount_cents,
            currency, status, payment_status, hold_expires_at, holder_name, created_at, updated_at, order_number)
          SELECT id, ${buyer}, 1, 1 * per_ticket, unit_price, unit_price * 1, currency, 'pending', 'pending',
            now() + interval '15 minutes', 'Käufer im Lasttest', now(), now(), ${ORDER_NUMBER}
          FROM taken
          RETURNING id, order_number, seats, unit_price_cents, total_amount_cents, currency, hold_expires_at
        )${
          lines
            ? `, lines AS (
          INSERT INTO booking_items (booking_id, category_id, name, position, quantity, seats_per_ticket,
            unit_price_cents, regular_unit_price_cents)
          SELECT booked.id, (SELECT c.id FROM ticket_categories c WHERE c.event_id = taken.id ORDER BY c.position
            LIMIT 1), 'Ticket', 1, 1, taken.per_ticket, booked.unit_price_cents, booked.unit_price_cents
          FROM booked, taken
          RETURNING 1
        )`
            : ''
        }
        SELECT booked.*, taken.slug, taken.title, taken.start_time, taken.end_time, taken.timezone,
          taken.location, taken.location_details, taken.mode, taken.price_unit, taken.image_url,
          taken.short_description${lines ? ', (SELECT count(*) FROM lines) AS lines' : ''}
        FROM booked, taken`;
// 'session read + statement' is the work of a booking before categories (the figure of decision 014);
// 'categories: reads + statement' the same work now: the session, the categories and questions read by
// prepareOrder, and the statement that also writes the booking's line.
const transactionSql = (eventId, buyer, { design }) =>
  design === 'session read + statement'
    ? [SESSION_READ(buyer), holdStatement(eventId, buyer, { lines: false })]
    : design === 'categories: reads + statement'
      ? [
          SESSION_READ(buyer),
          CATEGORIES_READ(eventId),
          QUESTIONS_READ(eventId),
          holdStatement(eventId, buyer, { lines: true }),
        ]
      : design === 'one statement'
        ? [holdStatement(eventId, buyer, { lines: false })]
        : [
            'BEGIN',
            `UPDATE events SET available_seats = available_seats - 1 WHERE id = '${eventId}' AND available_seats >= 1`,
            `INSERT INTO bookings (event_id, profile_id, quantity, seats, unit_price_cents, total_amount_cents,
          currency, status, payment_status, hold_expires_at, holder_name, order_number)
          VALUES ('${eventId}', ${buyer}, 1, 1, 4900, 4900, 'EUR', 'pending', 'pending',
          now() + interval '15 minutes', 'Käufer im Lasttest', ${ORDER_NUMBER})`,
            'COMMIT',
          ];

export async function rawTransactions(databaseUrl, { eventId, buyerIds, connections, duration, design }) {
  const hasPgbench = (() => {
    try {
      execFileSync('pgbench', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  const transactionsPerSecond = hasPgbench
    ? pgbench(databaseUrl, { eventId, connections, duration, design })
    : await nodeClients(databaseUrl, { eventId, buyerIds, connections, duration, design });
  return { transactionsPerSecond, tool: hasPgbench ? 'pgbench' : 'node-postgres' };
}

/**
 * pgbench -M prepared -c 50 -T 10 -n with a script file (prepared, as the server's hot statements are);
 * :client_id (0…49) picks the buyer as insertBuyers named them.
 */
function pgbench(databaseUrl, { eventId, connections, duration, design }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ticketshop-bench-pgbench-'));
  try {
    const script = path.join(dir, 'booking.sql');
    const statements = transactionSql(eventId, `'bench-buyer-' || :client_id`, { design });
    writeFileSync(script, statements.map((s) => `${s.replace(/\s+/g, ' ')};\n`).join(''));
    const threads = String(Math.min(connections, 2));
    const output = execFileSync(
      'pgbench',
      [
        '-n',
        '-M',
        'prepared',
        '-c',
        String(connections),
        '-j',
        threads,
        '-T',
        String(duration),
        '-f',
        script,
        databaseUrl,
      ],
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
async function nodeClients(databaseUrl, { eventId, buyerIds, connections, duration, design }) {
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
        const statements = transactionSql(eventId, `'${buyerIds[i % buyerIds.length]}'`, { design });
        while (performance.now() < until) {
          for (const [k, text] of statements.entries()) {
            // named: prepared once per connection, as the server's statements are
            await client.query(/^(BEGIN|COMMIT)$/.test(text) ? text : { name: `bench-${k}`, text });
          }
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
