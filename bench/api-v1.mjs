// The REST API /api/v1 on the demo data (docs/product/api.md): p50/p95/p99 latency and requests/s per endpoint,
// 10 requests in flight for 2,000 requests each, with one key (its rate limit raised out of the way; every
// request still pays the key lookup and the count in `rate_limits`). Needs `npm run build` and a PostgreSQL
// server (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), on
// which it creates the scratch database `ticketshop_bench_api` and drops it afterwards.
import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { serverEnv, waitForHealth, withClient, withDatabase } from './support.mjs';

const DATABASE = 'ticketshop_bench_api';
const PORT = 3193;

export async function benchApiV1({
  serverUrl = process.env.BENCH_DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres',
  requests = Number(process.env.BENCH_API_REQUESTS || 2000),
  concurrency = Number(process.env.BENCH_API_CONCURRENCY || 10),
} = {}) {
  const databaseUrl = withDatabase(serverUrl, DATABASE);
  await withClient(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${DATABASE}`);
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ticketshop-bench-api-'));
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: serverEnv(PORT, dataDir, {
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      API_RATE_LIMIT: '1000000',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'warn',
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(server, PORT, { ready: true });
    const key = await adminKey(databaseUrl);
    const base = `http://127.0.0.1:${PORT}/api/v1`;
    const get = async (url) => {
      const res = await fetch(base + url, { headers: { authorization: `Bearer ${key}` } });
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    // the demo's busiest event, one of its bookings and tickets (the demo may still be seeding at first)
    let events = [];
    let tickets = [];
    for (let tries = 0; tickets.length === 0 && tries < 600; tries++) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      events = (await get('/events?limit=100')).data;
      tickets = (await get('/tickets?limit=100&status=active')).data;
    }
    if (tickets.length === 0) throw new Error('the demo has no tickets');
    const counts = new Map();
    for (const ticket of tickets) counts.set(ticket.event_id, (counts.get(ticket.event_id) ?? 0) + 1);
    const eventId = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? events[0].id;
    const ticket = tickets.find((each) => each.event_id === eventId);
    const endpoints = [
      ['GET /events?limit=25', '/events?limit=25'],
      ['GET /events?limit=100', '/events?limit=100'],
      ['GET /events/{id}', `/events/${eventId}`],
      ['GET /events/{id}/categories', `/events/${eventId}/categories`],
      ['GET /events/{id}/participants', `/events/${eventId}/participants?limit=100`],
      ['GET /bookings?limit=25', '/bookings?limit=25'],
      ['GET /bookings/{id}', `/bookings/${ticket.booking_id}`],
      ['GET /tickets?limit=25', '/tickets?limit=25'],
      ['GET /tickets/{id}', `/tickets/${ticket.id}`],
      // the same ticket over and over: the first checks it in, the rest answer 'already' (the door's path)
      ['POST /events/{id}/check-ins', `/events/${eventId}/check-ins`, { ticket_id: ticket.id }],
    ];
    console.log(
      `/api/v1 on the demo (${events.length} events, PostgreSQL), ${requests} requests per endpoint, ${concurrency} in flight`,
    );
    console.log(
      `  ${'endpoint'.padEnd(32)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)}   req/s`,
    );
    const results = {};
    for (const [name, url, body] of endpoints) {
      const send = () =>
        fetch(base + url, {
          method: body ? 'POST' : 'GET',
          headers: {
            authorization: `Bearer ${key}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
      await measure(send, 100, concurrency); // warm-up: JIT, connections, caches
      const figures = await measure(send, requests, concurrency);
      results[name] = figures;
      const ms = (value) => value.toFixed(1).padStart(6);
      console.log(
        `  ${name.padEnd(32)} ${ms(figures.p50)} ${ms(figures.p95)} ${ms(figures.p99)}   ${figures.perSecond.toFixed(0).padStart(5)}` +
          (figures.failures ? `   ${figures.failures} failed` : ''),
      );
    }
    // the figures depend on what else runs: say how busy the machine was
    const [load] = loadavg();
    console.log(
      `  (ms; target: p95 below 50 ms on every endpoint; load average ${load.toFixed(1)} on ${cpus().length} cores)`,
    );
    return results;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
    await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `total` calls of `send`, `concurrency` at a time: latency percentiles (ms), requests/s and failures. */
async function measure(send, total, concurrency) {
  const latencies = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      next++;
      const at = performance.now();
      const res = await send();
      await res.arrayBuffer();
      latencies.push(performance.now() - at);
      if (res.status !== 200) failures++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), perSecond: total / seconds, failures };
}

/** An admin and a key with every scope, written as the settings card would (SHA-256 of the key). */
async function adminKey(databaseUrl) {
  const id = randomUUID();
  const secret = `tsk_${randomBytes(32).toString('base64url')}`;
  await withClient(databaseUrl, async (client) => {
    await client.query(
      `INSERT INTO "user" (id, name, email, email_verified, role) VALUES ($1, 'Bench Admin', 'admin@bench.example', true, 'admin')`,
      [id],
    );
    await client.query(
      `INSERT INTO profiles (id, email, full_name, role) VALUES ($1, 'admin@bench.example', 'Bench Admin', 'admin')`,
      [id],
    );
    await client.query(
      `INSERT INTO api_keys (name, prefix, secret_hash, scopes, creator_id) VALUES ('Bench', $1, $2, $3, $4)`,
      [
        secret.slice(0, 12),
        createHash('sha256').update(secret).digest('hex'),
        ['read', 'write', 'check_in'],
        id,
      ],
    );
  });
  return secret;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchApiV1();
