// Ticket categories and codes under load (issue 32, docs/product/ticket-categories.md#seats, #codes), through
// POST /api/bookings of the built server on PostgreSQL:
// 1. rush: 500 distinct signed-in buyers at once on a paid event of 100 seats in three categories of their own
//    seats (40 persons, 30 persons in pair tickets, 30 persons), each buyer one ticket of one category in turn;
//    expected per category: sold = its seats, oversold 0, the event's seat invariant holds;
// 2. code race: 200 buyers at once with a code of 10 uses; expected: 10 × 201 holding the code, 190 × 422
//    'Dieser Code ist bereits aufgebraucht.', uses = 10;
// 3. throughput: 50 buyers for 10 s on a plain event (the one-statement hot path, decision 014) and on an event
//    of three categories with seats of their own (the same statement after the categories' row locks, decision
//    057), beside the raw database work (booking-throughput.mjs: before categories, and with what they add).
// Needs `npm run build` and a PostgreSQL server (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres), on which it creates a scratch database and drops it afterwards.
import http from 'node:http';
import { loadavg } from 'node:os';
import {
  insertBuyers,
  insertEvent,
  seatState,
  send,
  withBookingServer,
  withClient,
} from './booking-setup.mjs';
import { book, rawTransactions } from './booking-throughput.mjs';

const PORT = 3195;
const USED_UP = 'Dieser Code ist bereits aufgebraucht.';

export async function benchCategoryRush({
  buyers = 500,
  connections = 100,
  rushCategories = [
    { name: 'Frühbucher', capacity: 40 },
    { name: 'Paar', capacity: 30, pair: true },
    { name: 'Regulär', capacity: 30 },
  ],
  codeBuyers = 200,
  codeUses = 10,
  throughputConnections = 50,
  duration = 10,
} = {}) {
  const seats = rushCategories.reduce((sum, category) => sum + category.capacity, 0);
  return withBookingServer(
    { database: `ticketshop_bench_categories_${process.pid}`, port: PORT },
    async ({ url, databaseUrl, secret, stopServer }) => {
      const setup = await withClient(databaseUrl, async (client) => {
        const { ids, cookies } = await insertBuyers(client, { count: buyers, secret });
        const rushEvent = await insertEvent(client, { seats, slug: 'bench-category-rush' });
        const codeEvent = await insertEvent(client, { seats: codeBuyers * 2, slug: 'bench-code-race' });
        const plainEvent = await insertEvent(client, { seats: 10_000_000, slug: 'bench-plain' });
        const categoryEvent = await insertEvent(client, { seats: 10_000_000, slug: 'bench-categories' });
        await client.query(
          `INSERT INTO discount_codes (code, kind, value, max_uses) VALUES ('RENNEN10', 'percent', 10, $1)`,
          [codeUses],
        );
        return {
          ids,
          cookies,
          rushEvent,
          codeEvent,
          plainEvent,
          categoryEvent,
          rushCategories: await insertCategories(client, rushEvent, rushCategories),
          throughputCategories: await insertCategories(client, categoryEvent, [
            { name: 'A', capacity: 3_000_000 },
            { name: 'B', capacity: 3_000_000 },
            { name: 'C', capacity: 3_000_000 },
          ]),
        };
      });
      const { cookies } = setup;
      const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
      let failed = false;
      try {
        // warm-up without booking: the signed-in path and the server's pool
        const warm = await Promise.all(
          cookies.slice(0, connections).map((cookie) => send(agent, url, 'GET', '/api/session', cookie)),
        );
        if (warm.some((res) => res.status !== 200)) throw new Error('sessions not accepted');

        // 1. the rush on three categories
        const rush = await timed(() =>
          Promise.all(
            cookies.map((cookie, i) =>
              send(agent, url, 'POST', '/api/bookings', cookie, {
                eventId: setup.rushEvent,
                items: [
                  { categoryId: setup.rushCategories[i % setup.rushCategories.length].id, quantity: 1 },
                ],
                holderName: `Käufer ${i + 1}`,
              }),
            ),
          ),
        );
        const rushStatuses = countStatuses(rush.answers);
        const taken = await withClient(databaseUrl, (client) => takenPerCategory(client, setup.rushEvent));
        const rushState = await withClient(databaseUrl, (client) => seatState(client, setup.rushEvent));
        const expectedTickets = setup.rushCategories.reduce(
          (sum, c) => sum + c.capacity / (c.pair ? 2 : 1),
          0,
        );
        console.log(
          `rush: ${buyers} buyers at once, one ticket each, event of ${seats} seats in ${setup.rushCategories.length}` +
            ` categories, ${connections} connections`,
        );
        console.log(`  answers: ${formatStatuses(rushStatuses)} in ${rush.ms.toFixed(0)} ms`);
        for (const category of setup.rushCategories) {
          const sold = taken.get(category.id) ?? 0;
          const oversold = Math.max(0, sold - category.capacity);
          if (sold !== category.capacity) failed = true;
          console.log(
            `  ${category.name.padEnd(11)} sold ${String(sold).padStart(3)} vs seats ${String(category.capacity).padStart(3)}` +
              `${category.pair ? ' (pair tickets, 2 persons each)' : ''}, oversold ${oversold}`,
          );
        }
        const soldTotal = rushState.totalSeats - rushState.availableSeats;
        console.log(
          `  event      sold ${soldTotal} vs seats ${rushState.totalSeats}, oversold ${Math.max(0, soldTotal - seats)};` +
            ` seat invariant ${rushState.invariantHolds ? 'holds' : 'VIOLATED'}`,
        );
        if (
          !rushState.invariantHolds ||
          soldTotal !== seats ||
          (rushStatuses.get(201) ?? 0) !== expectedTickets ||
          (rushStatuses.get(409) ?? 0) !== buyers - expectedTickets
        )
          failed = true;

        // 2. the code race
        const race = await timed(() =>
          Promise.all(
            cookies.slice(0, codeBuyers).map((cookie, i) =>
              send(agent, url, 'POST', '/api/bookings', cookie, {
                eventId: setup.codeEvent,
                quantity: 1,
                code: 'RENNEN10',
                holderName: `Käufer ${i + 1}`,
              }),
            ),
          ),
        );
        const raceStatuses = countStatuses(race.answers);
        const usedUp = race.answers.filter(
          (answer) => answer.status === 422 && JSON.parse(answer.body).error?.message === USED_UP,
        ).length;
        const code = await withClient(databaseUrl, async (client) => {
          const { rows } = await client.query(
            `SELECT c.uses, c.max_uses, (SELECT count(*)::int FROM bookings b WHERE b.discount_code_id = c.id) AS held
             FROM discount_codes c WHERE c.code = 'RENNEN10'`,
          );
          return rows[0];
        });
        console.log(`code race: ${codeBuyers} buyers at once with a code of ${codeUses} uses`);
        console.log(
          `  answers: ${formatStatuses(raceStatuses)} in ${race.ms.toFixed(0)} ms; '${USED_UP}' ${usedUp}`,
        );
        console.log(
          `  redeemed ${code.held} (bookings holding it) vs limit ${code.max_uses}; counter uses ${code.uses}`,
        );
        if (code.held !== codeUses || code.uses !== codeUses || usedUp !== codeBuyers - codeUses)
          failed = true;
      } finally {
        agent.destroy();
      }

      // 3. throughput: plain event against three categories of their own seats, then the raw work
      const buyerCookies = cookies.slice(0, throughputConnections);
      const options = { connections: throughputConnections, duration };
      const orders = setup.throughputCategories.map((category) => ({
        items: [{ categoryId: category.id, quantity: 1 }],
      }));
      await book(url, setup.plainEvent, buyerCookies, { ...options, duration: 1 }); // warm-up
      const plain = await book(url, setup.plainEvent, buyerCookies, options);
      await book(url, setup.categoryEvent, buyerCookies, { ...options, duration: 1, orders });
      const categories = await book(url, setup.categoryEvent, buyerCookies, { ...options, orders });
      await stopServer();
      const run = (design) =>
        rawTransactions(databaseUrl, {
          eventId: setup.plainEvent,
          buyerIds: setup.ids.slice(0, throughputConnections),
          connections: throughputConnections,
          duration,
          design,
        });
      const rawBefore = await run('session read + statement');
      const rawNow = await run('categories: reads + statement');
      const ms = (value) => `${value.toFixed(0)} ms`;
      const apiLine = (name, r) =>
        `  ${name.padEnd(34)} ${r.bookingsPerSecond.toFixed(0).padStart(6)} bookings/s   p50 ${ms(r.p50)}` +
        `  p95 ${ms(r.p95)}  p99 ${ms(r.p99)}   non-2xx ${r.non2xx}, errors ${r.errors}`;
      const rawLine = (name, r) =>
        `  ${name.padEnd(34)} ${r.transactionsPerSecond.toFixed(0).padStart(6)} transactions/s   (${r.tool})`;
      console.log(
        `throughput: POST /api/bookings, ${throughputConnections} connections, ${throughputConnections} buyers in turn,` +
          ` ${duration} s, paid events`,
      );
      console.log(apiLine('API plain event (one statement)', plain));
      console.log(apiLine('API 3 categories of own seats', categories));
      console.log(rawLine('raw before categories', rawBefore));
      console.log(rawLine('raw with category reads and line', rawNow));
      const ratio = (api, raw) => (api.bookingsPerSecond / raw.transactionsPerSecond).toFixed(2);
      console.log(
        `  ratio plain API/raw: ${ratio(plain, rawNow)} (same work now), ${ratio(plain, rawBefore)} (raw before` +
          ` categories); 3 categories API/raw: ${ratio(categories, rawNow)}, ${ratio(categories, rawBefore)}`,
      );
      console.log(
        `  load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
      console.log(
        'expected: each category sold = its seats, oversold 0; the code redeemed exactly its uses;' +
          ' plain API/raw ≥ 0.5',
      );
      if (failed) process.exitCode = 1;
      return { plain, categories, rawBefore, rawNow };
    },
  );
}

/**
 * The event's trigger-made category becomes the first of `categories` (with its seats), the others are added
 * (docs/product/ticket-categories.md#one-category); all at the event's price, pair ones per pair.
 */
async function insertCategories(client, eventId, categories) {
  const rows = [];
  for (const [position, category] of categories.entries()) {
    const unit = category.pair ? 'per_pair' : 'per_person';
    const { rows: written } =
      position === 0
        ? await client.query(
            `UPDATE ticket_categories SET name = $2, capacity = $3, price_unit = $4 WHERE event_id = $1 RETURNING id`,
            [eventId, category.name, category.capacity, unit],
          )
        : await client.query(
            `INSERT INTO ticket_categories (event_id, name, price_cents, price_unit, capacity, position)
             VALUES ($1, $2, 4900, $4, $3, $5) RETURNING id`,
            [eventId, category.name, category.capacity, unit, position],
          );
    rows.push({ ...category, id: written[0].id });
  }
  return rows;
}

/** Persons each category holds (core/ticket-categories/category-seats.ts): active tickets, pending lines. */
async function takenPerCategory(client, eventId) {
  const { rows } = await client.query(
    `SELECT category_id, sum(seats)::int AS taken FROM (
       SELECT category_id, seats FROM tickets WHERE event_id = $1 AND status = 'active'
       UNION ALL
       SELECT i.category_id, i.quantity * i.seats_per_ticket FROM booking_items i
       JOIN bookings b ON b.id = i.booking_id WHERE b.event_id = $1 AND b.status = 'pending'
     ) held GROUP BY category_id`,
    [eventId],
  );
  return new Map(rows.map((row) => [row.category_id, row.taken]));
}

async function timed(work) {
  const started = performance.now();
  const answers = await work();
  return { answers, ms: performance.now() - started };
}

function countStatuses(answers) {
  const statuses = new Map();
  for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  return statuses;
}

const formatStatuses = (statuses) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status} × ${n}`)
    .join(', ');

if (import.meta.url === `file://${process.argv[1]}`) await benchCategoryRush();
