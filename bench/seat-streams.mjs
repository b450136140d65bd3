// Live-seat streams (issue 33, decision 062): 2,000 visitors with an event page open, each holding
// GET /api/events/live (the stream the event pages and the booking widget use) on one instance of the built
// server on PostgreSQL. Each stream comes from its own loopback address (127.1.x.y), as 2,000 visitors come from
// 2,000 addresses, so the per-address limit on streams applies as it would in the wild. Then, one at a time,
// bookings through POST /api/bookings change the seats; for each the time from sending the booking to the new
// count's arrival on every one of the 2,000 streams is taken (the booking's own time included). Prints
// p50/p95/max of those deliveries, bookings' answer times, the server's RSS and CPU before any stream, with
// 2,000 idle streams and during the bookings, and failures (a stream refused, ended or missing an update).
// Goal: p95 < 1 s. Needs `npm run build` and a PostgreSQL server (BENCH_DATABASE_URL, else TEST_DATABASE_URL,
// else postgres://postgres@127.0.0.1:5432/postgres), on which it creates a scratch database and drops it.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { pathToFileURL } from 'node:url';
import {
  insertBuyers,
  insertEvent,
  percentile,
  send,
  withBookingServer,
  withClient,
} from './booking-setup.mjs';

const PORT = 3194;
const SEATS = 100_000;
const CLOCK_TICKS = 100; // USER_HZ of /proc/<pid>/stat on Linux

export async function benchSeatStreams({ streams = 2000, bookings = 20, gapMs = 300 } = {}) {
  const database = `ticketshop_bench_streams_${process.pid}`;
  return withBookingServer({ database, port: PORT }, async ({ url, databaseUrl, secret, serverPid }) => {
    const { cookies, eventId } = await withClient(databaseUrl, async (client) => ({
      ...(await insertBuyers(client, { count: 1, secret })),
      eventId: await insertEvent(client, { seats: SEATS, slug: 'bench-seat-streams' }),
    }));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const book = () =>
      send(agent, url, 'POST', '/api/bookings', cookies[0], {
        eventId,
        quantity: 1,
        holderName: 'Käufer im Lasttest',
      });
    // warm-up: JIT, pool, the public event cache
    for (let i = 0; i < 3; i++) await expectCreated(await book());
    await sleep(500);

    // the same notifications, heard straight from PostgreSQL: what part of a delivery is the database's
    const listener = new pg.Client({ connectionString: databaseUrl });
    await listener.connect();
    await listener.query('LISTEN event_changes');
    const notified = new Map();
    listener.on('notification', ({ payload }) => {
      const message = JSON.parse(payload);
      if (message.kind === 'seats' && !notified.has(message.availableSeats))
        notified.set(message.availableSeats, performance.now());
    });

    const idle = await sample(serverPid, 2000);
    const opening = performance.now();
    const open = await openStreams(url, streams);
    const openedIn = performance.now() - opening;
    await sleep(1000);
    const held = await sample(serverPid, 3000);

    let expected = SEATS - 3;
    const deliveries = [];
    const answers = [];
    let missed = 0;
    const cpuBefore = cpuSeconds(serverPid);
    const clientBefore = process.cpuUsage();
    const firsts = [];
    const listens = [];
    const phaseStarted = performance.now();
    for (let round = 0; round < bookings; round++) {
      expected--;
      const sent = performance.now();
      const waiting = open.map((stream) => stream.arrival(expected));
      const answer = await book();
      await expectCreated(answer);
      answers.push(answer.ms);
      const arrived = await Promise.all(waiting.map((promise) => withTimeout(promise, 10_000)));
      listens.push((notified.get(expected) ?? NaN) - sent);
      firsts.push(Math.min(...arrived.filter((at) => at !== undefined)) - sent);
      for (const at of arrived) {
        if (at === undefined) missed++;
        else deliveries.push(at - sent);
      }
      await sleep(gapMs);
    }
    const phaseSeconds = (performance.now() - phaseStarted) / 1000;
    const phaseCpu = cpuSeconds(serverPid) - cpuBefore;
    const bookingCpu = phaseCpu / phaseSeconds;
    // the server's CPU per booking and its fan-out, less what it spends idle with the streams open
    const cpuPerChangeMs = ((phaseCpu - held.cpu * phaseSeconds) * 1000) / bookings;
    const clientUsage = process.cpuUsage(clientBefore);
    const clientCpu = (clientUsage.user + clientUsage.system) / 1e6 / phaseSeconds;
    const rssAfter = rssMb(serverPid);
    const ended = open.filter((stream) => stream.ended).length;
    for (const stream of open) stream.close();
    await listener.end();

    deliveries.sort((a, b) => a - b);
    answers.sort((a, b) => a - b);
    firsts.sort((a, b) => a - b);
    listens.sort((a, b) => a - b);
    const result = {
      streams: open.length,
      refused: streams - open.length,
      openedInMs: openedIn,
      ended,
      missed,
      deliveries: deliveries.length,
      p50: percentile(deliveries, 50),
      p95: percentile(deliveries, 95),
      max: deliveries.at(-1),
      bookingP50: percentile(answers, 50),
      bookingMax: answers.at(-1),
      idle,
      held,
      firstP50: percentile(firsts, 50),
      listenP50: percentile(listens, 50),
      during: { cpu: bookingCpu, cpuPerChangeMs, rssMb: rssAfter, clientCpu },
    };
    print(result, bookings);
    if (result.refused || result.missed || result.ended || !(result.p95 < 1000)) process.exitCode = 1;
    return result;
  });
}

function print(r, bookings) {
  const ms = (value) => `${Math.round(value)} ms`;
  const pct = (share) => `${Math.round(share * 100)} % of one core`;
  console.log(
    `${r.streams} live-seat streams (GET /api/events/live, one loopback address each) on one instance ` +
      `(PostgreSQL), opened in ${ms(r.openedInMs)}${r.refused ? `, ${r.refused} REFUSED` : ''}`,
  );
  console.log(
    `  ${bookings} bookings one at a time: booking sent → new count on all ${r.streams} streams` +
      ` (${r.deliveries} deliveries): p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, max ${ms(r.max)}` +
      ` (goal p95 < 1 s); NOTIFY heard by a LISTEN of its own p50 ${ms(r.listenP50)}, first stream p50 ${ms(r.firstP50)}; booking answered p50 ${ms(r.bookingP50)}, max ${ms(r.bookingMax)}`,
  );
  if (r.missed || r.ended) console.log(`  MISSED updates ${r.missed}, streams ended early ${r.ended}`);
  console.log(
    `  server: no streams RSS ${r.idle.rssMb} MB, CPU ${pct(r.idle.cpu)}; ` +
      `${r.streams} idle streams RSS ${r.held.rssMb} MB (${(((r.held.rssMb - r.idle.rssMb) * 1024) / r.streams).toFixed(0)} KB each), ` +
      `CPU ${pct(r.held.cpu)}; during the bookings RSS ${r.during.rssMb} MB, CPU ${pct(r.during.cpu)} (this client ${pct(r.during.clientCpu)}), ` +
      `${Math.round(r.during.cpuPerChangeMs)} ms of server CPU per booking and its ${r.streams} deliveries`,
  );
}

async function expectCreated(answer) {
  if (answer.status !== 201) throw new Error(`booking answered ${answer.status}: ${answer.body}`);
}

/**
 * Opens `count` streams, 50 at a time, stream i from 127.1.(i / 250).(i % 250 + 1). Each resolves once the
 * server's first bytes (retry hint) have arrived; refused ones are left out (and counted by the caller).
 */
async function openStreams(url, count) {
  const { hostname, port } = new URL(url);
  const open = [];
  for (let start = 0; start < count; start += 50) {
    const batch = [];
    for (let i = start; i < Math.min(count, start + 50); i++) {
      const localAddress = `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;
      batch.push(openStream({ hostname, port, localAddress }).catch(() => undefined));
    }
    for (const stream of await Promise.all(batch)) if (stream) open.push(stream);
  }
  return open;
}

/** One stream: remembers when each `seats` count first arrived; `arrival(count)` waits for one. */
function openStream({ hostname, port, localAddress }) {
  return new Promise((resolve, reject) => {
    const req = http.request({
      hostname,
      port,
      path: '/api/events/live',
      localAddress,
      agent: false,
      headers: { accept: 'text/event-stream' },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`status ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      const arrived = new Map();
      const waiters = new Map();
      let buffer = '';
      const stream = {
        ended: false,
        arrival(count) {
          if (arrived.has(count)) return Promise.resolve(arrived.get(count));
          return new Promise((done) => waiters.set(count, done));
        },
        close: () => req.destroy(),
      };
      res.on('data', (text) => {
        const now = performance.now();
        buffer += text;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('retry:')) resolve(stream);
          if (!block.startsWith('event: seats\n')) continue;
          const { availableSeats } = JSON.parse(block.slice(block.indexOf('data: ') + 6));
          if (!arrived.has(availableSeats)) arrived.set(availableSeats, now);
          waiters.get(availableSeats)?.(now);
          waiters.delete(availableSeats);
        }
      });
      res.on('close', () => {
        stream.ended = true;
        for (const done of waiters.values()) done(undefined);
        reject(new Error('ended before the retry hint'));
      });
    });
    req.end();
  });
}

/** The server's RSS (MB) at the end and its CPU (share of one core) over `ms`. */
async function sample(pid, ms) {
  const before = cpuSeconds(pid);
  const started = performance.now();
  await sleep(ms);
  const cpu = (cpuSeconds(pid) - before) / ((performance.now() - started) / 1000);
  return { cpu, rssMb: rssMb(pid) };
}

function cpuSeconds(pid) {
  // fields after the command's closing parenthesis: utime and stime are the 12th and 13th
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

function rssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function withTimeout(promise, ms) {
  let timer;
  return Promise.race([
    promise,
    new Promise((resolve) => (timer = setTimeout(() => resolve(undefined), ms))),
  ]).finally(() => clearTimeout(timer));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  // `node bench/seat-streams.mjs [streams]`
  await benchSeatStreams({ streams: Number(process.argv[2]) || 2000 });
}
