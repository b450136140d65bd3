// Shared by the booking benches (issue 5): a scratch PostgreSQL database, the built server on it, buyers
// who are signed in without the (rate-limited) code flow, and the seat invariant
// (docs/product/booking-and-seats.md#seat-invariant).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { waitForHealth } from './support.mjs';

const DAY = 24 * 3_600_000;
/** What the server names its session cookie (SESSION_COOKIE_PREFIX in core/auth/auth.ts, plain http). */
const SESSION_COOKIE = 'ts.session_token';

export const benchServerUrl = () =>
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Creates the scratch database `database` (dropped again afterwards, whatever happens), starts
 * dist/server/main.js on it (migrations run at start; no demo data, production-like logging, test payment
 * provider) and hands `work` the base URL, the database URL, the secret the session cookies are signed with,
 * the server's pid and a way to stop it early.
 */
export async function withBookingServer({ database, port, serverUrl = benchServerUrl() }, work) {
  const databaseUrl = withDatabase(serverUrl, database);
  await withClient(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${database}`);
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ticketshop-bench-bookings-'));
  const secret = randomBytes(32).toString('hex');
  const url = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_NODE_ARGS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof', profiles the server under load
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: '', // not production: paid bookings use the test payment provider, no Stripe keys needed
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      APP_SECRET: secret,
      SEED_DEMO: 'false',
      STRIPE_SECRET_KEY: '',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  };
  try {
    await waitForHealth(server, port);
    return await work({ url, databaseUrl, secret, stopServer: stop, serverPid: server.pid });
  } finally {
    await stop();
    await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `count` buyers whose profile is complete for booking (confirmed e-mail, full name, phone; as
 * factories.ts createUser) and one session each, written straight into the tables better-auth reads.
 * Returns their ids and Cookie headers; the cookie value is signed as better-call's signCookieValue does:
 * `token.base64(HMAC-SHA256(token, secret))`, URL-encoded.
 */
export async function insertBuyers(client, { count, secret, prefix = 'bench-buyer' }) {
  const ids = [];
  const tokens = [];
  for (let i = 0; i < count; i++) {
    ids.push(`${prefix}-${i}`);
    tokens.push(randomBytes(24).toString('base64url'));
  }
  await client.query('BEGIN');
  await client.query(
    `INSERT INTO "user" (id, name, email, email_verified, role)
     SELECT id, 'Käufer ' || n, id || '@bench.example', true, 'user' FROM unnest($1::text[]) WITH ORDINALITY AS t(id, n)`,
    [ids],
  );
  await client.query(
    `INSERT INTO profiles (id, email, first_name, last_name, full_name, display_name, phone, role, is_verified,
       onboarding_completed_at)
     SELECT id, id || '@bench.example', 'Käufer', n::text, 'Käufer ' || n, 'Käufer ' || n, '+49 40 1234567',
       'attendee', true, now()
     FROM unnest($1::text[]) WITH ORDINALITY AS t(id, n)`,
    [ids],
  );
  await client.query(
    `INSERT INTO user_notification_preferences (user_id, email_confirmed, confirmed_at)
     SELECT id, true, now() FROM unnest($1::text[]) AS t(id)`,
    [ids],
  );
  await client.query(
    `INSERT INTO session (id, token, user_id, expires_at, user_agent)
     SELECT $3 || '-' || n, token, id, now() + interval '7 days', 'bench'
     FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(id, token, n)`,
    [ids, tokens, randomUUID()],
  );
  await client.query('COMMIT');
  const cookies = tokens.map((token) => {
    const signature = createHmac('sha256', secret).update(token).digest('base64');
    return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
  });
  return { ids, cookies };
}

/** A published, paid (so bookings are held, not confirmed) in-person event a month ahead. */
export async function insertEvent(client, { seats, slug }) {
  const start = new Date(Date.now() + 30 * DAY);
  const { rows } = await client.query(
    `INSERT INTO events (slug, title, description, location, start_time, end_time, price_cents, status,
       total_seats, available_seats)
     VALUES ($1, 'Achtsamkeit im Alltag – Lasttest', 'Ein Workshop zum Ausprobieren.', 'Hamburg', $2, $3, 4900,
       'published', $4, $4)
     RETURNING id`,
    [slug, start, new Date(start.getTime() + 3 * 3_600_000), seats],
  );
  return rows[0].id;
}

/**
 * The event's seats as the database sees them (the query of test/helpers/db.ts
 * seatInvariantViolations): available = total − seats of its pending and confirmed bookings.
 */
export async function seatState(client, eventId) {
  const { rows } = await client.query(
    `SELECT e.total_seats, e.available_seats,
       coalesce(sum(b.seats) FILTER (WHERE b.status IN ('pending', 'confirmed')), 0)::int AS held_seats,
       count(b.id) FILTER (WHERE b.status IN ('pending', 'confirmed'))::int AS held_bookings,
       count(b.id)::int AS bookings
     FROM events e LEFT JOIN bookings b ON b.event_id = e.id
     WHERE e.id = $1 GROUP BY e.id`,
    [eventId],
  );
  const row = rows[0];
  return {
    totalSeats: row.total_seats,
    availableSeats: row.available_seats,
    heldSeats: row.held_seats,
    heldBookings: row.held_bookings,
    bookings: row.bookings,
    invariantHolds: row.available_seats === row.total_seats - row.held_seats,
  };
}

export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function withDatabase(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One request through the shared agent, as a browser on the shop's own origin sends it. */
export function send(agent, url, method, path, cookie, body) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}${path}`,
      {
        method,
        agent,
        headers: {
          cookie,
          origin: url,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
