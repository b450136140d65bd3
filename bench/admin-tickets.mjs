// 'Tickets verwalten' with 10,000 tickets on PostgreSQL (issue 6): latency of filtered list pages (p50/p95
// over 100 sequential requests each; target p95 < 100 ms) and the streamed CSV export of all tickets (total
// time, target < 2 s; the server's RSS before and after, to show the export does not grow with the rows).
// Runs the built server (dist/server/main.js) or, before a build or with BENCH_FROM_SOURCE=1, the sources
// through tsx. Needs PostgreSQL
// (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), on which it
// creates the scratch database `ticketshop_bench_tickets` and drops it afterwards.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverEnv, signInAdmin, waitForHealth, withClient, withDatabase } from './support.mjs';

const DATABASE = 'ticketshop_bench_tickets';
const PORT = 3193;
const BASE = `http://127.0.0.1:${PORT}`;

export async function benchAdminTickets({
  serverUrl = process.env.BENCH_DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres',
  ticketCount = 10_000,
  requests = 100,
} = {}) {
  const databaseUrl = withDatabase(serverUrl, DATABASE);
  await withClient(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${DATABASE}`);
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ticketshop-bench-tickets-'));
  // BENCH_FROM_SOURCE=1 measures the sources even when a (possibly older) build exists
  const built = existsSync('dist/server/main.js') && !process.env.BENCH_FROM_SOURCE;
  const args = built ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
  const server = spawn(process.execPath, args, {
    env: serverEnv(PORT, dataDir, {
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      SMTP_URL: '',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'warn',
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(server, PORT);
    const cookie = await signInAdmin(BASE, databaseUrl, 'bench-admin@example.org');
    const { eventIds } = await insertTickets(databaseUrl, ticketCount);
    console.log(`server: ${built ? 'dist/server/main.js' : 'src/server/main.ts via tsx (no build)'}`);
    console.log(`${ticketCount} tickets, ${eventIds.length} events`);

    const pages = {
      'page 1, no filter': 'pageSize=25',
      'status=active, hideTest, page 5': 'status=active&hideTest=1&pageSize=25&page=5',
      '3 events, status=cancelled': `event=${eventIds.slice(0, 3).join(',')}&status=cancelled&pageSize=50`,
      'search e-mail part': 'search=kunde-12&pageSize=25',
      'only cancellation requests': 'onlyCancellationRequests=1&pageSize=10',
    };
    const results = { pages: {} };
    for (const [name, query] of Object.entries(pages)) {
      const url = `${BASE}/api/admin/tickets?${query}`;
      for (let i = 0; i < 10; i++) await timed(url, cookie); // warm-up: JIT, plans, connections
      const times = [];
      let total = 0;
      for (let i = 0; i < requests; i++) {
        const { ms, body } = await timed(url, cookie);
        times.push(ms);
        total = JSON.parse(body).total;
      }
      const figure = { p50: percentile(times, 50), p95: percentile(times, 95), total };
      results.pages[name] = figure;
      console.log(
        `  GET list ${name.padEnd(32)} p50 ${figure.p50.toFixed(1).padStart(6)} ms   p95 ${figure.p95.toFixed(1).padStart(6)} ms   (${total} matches)`,
      );
    }

    const rssBefore = memoryOf(server.pid);
    const csv = [];
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      const res = await fetch(`${BASE}/api/admin/tickets/export.csv?pageSize=all`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`export answered ${res.status}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines++;
      }
      const ms = performance.now() - started;
      csv.push({ ms, bytes, rows: lines - 1, rssMb: memoryOf(server.pid).rssMb });
      if (lines - 1 !== ticketCount) throw new Error(`export had ${lines - 1} rows, expected ${ticketCount}`);
    }
    const rssAfter = memoryOf(server.pid);
    for (const [i, run] of csv.entries()) {
      console.log(
        `  CSV export run ${i + 1}: ${run.rows} rows, ${(run.bytes / 1024).toFixed(0)} KiB in ${run.ms.toFixed(0)} ms, server RSS after ${run.rssMb} MB`,
      );
    }
    console.log(
      `  server RSS before ${rssBefore.rssMb} MB, after ${csv.length} exports ${rssAfter.rssMb} MB (peak so far ${rssAfter.peakMb} MB)`,
    );
    console.log('targets: list p95 < 100 ms; CSV of 10,000 < 2 s; RSS flat across exports');
    results.csv = csv;
    results.rss = { before: rssBefore, after: rssAfter };
    return results;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
    if (!process.env.BENCH_KEEP_DB) {
      await withClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`),
      );
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function timed(url, cookie) {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const body = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 200)}`);
  return { ms, body };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** VmRSS and VmHWM (peak) of the server process, from /proc (Linux). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/**
 * 50 events (a fifth of them past), 1,000 buyers, one booking per two tickets; a tenth of the tickets
 * cancelled, a twentieth test tickets, one in fifty with a cancellation request; a year of created_at.
 */
async function insertTickets(databaseUrl, count) {
  return withClient(databaseUrl, async (client) => {
    await client.query('BEGIN');
    await client.query(`
      INSERT INTO events (slug, title, start_time, end_time, total_seats, available_seats, price_cents, status)
      SELECT 'bench-event-' || g, 'Bench-Workshop ' || g,
             now() + ((g - 10) * interval '7 days'), now() + ((g - 10) * interval '7 days') + interval '3 hours',
             100000, 100000 - ${count} / 50, 4900, 'published'
      FROM generate_series(1, 50) g`);
    await client.query(`
      INSERT INTO "user" (id, name, email, email_verified)
      SELECT 'bench-user-' || g, 'Kunde ' || g, 'kunde-' || g || '@bench.example', true
      FROM generate_series(1, 1000) g`);
    await client.query(`
      INSERT INTO profiles (id, email, full_name, display_name)
      SELECT id, email, name, name FROM "user" WHERE id LIKE 'bench-user-%'`);
    await client.query(`
      WITH e AS (SELECT id, row_number() OVER (ORDER BY slug) AS n FROM events WHERE slug LIKE 'bench-event-%')
      INSERT INTO bookings (id, event_id, profile_id, quantity, seats, unit_price_cents, total_amount_cents,
                            status, payment_status, holder_name, created_at, confirmed_at, order_number)
      SELECT md5('booking' || g)::uuid, e.id, 'bench-user-' || (g % 1000 + 1), 2, 2, 4900, 9800,
             'confirmed', 'paid', 'Inhaber ' || g, now() - (g * interval '53 minutes'), now() - (g * interval '53 minutes'),
             'B-' || g
      FROM generate_series(1, ${count / 2}) g JOIN e ON e.n = g % 50 + 1`);
    await client.query(`
      INSERT INTO tickets (booking_id, event_id, profile_id, position, ticket_number, status, price_cents,
                           is_test, cancellation_requested, created_at)
      SELECT b.id, b.event_id, b.profile_id, p, 'TS-' || lpad((row_number() OVER ())::text, 8, '0'),
             CASE WHEN random() < 0.1 THEN 'canceled'::ticket_status ELSE 'active'::ticket_status END,
             4900, random() < 0.05, random() < 0.02, b.created_at
      FROM bookings b CROSS JOIN generate_series(1, 2) p`);
    await client.query('COMMIT');
    // BENCH_PROPOSED_INDEX=1: the index proposed for the newest-first order (a no-op once a migration has it)
    if (process.env.BENCH_PROPOSED_INDEX) {
      await client.query(
        'CREATE INDEX IF NOT EXISTS tickets_created_at_id_idx ON tickets (created_at DESC, id DESC)',
      );
    }
    await client.query('ANALYZE');
    const { rows } = await client.query(
      `SELECT id FROM events WHERE slug LIKE 'bench-event-%' ORDER BY slug`,
    );
    return { eventIds: rows.map((row) => row.id) };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAdminTickets();
