// GET /api/events with 50 published events (issue 4): requests/s and p99 latency at 50 connections for 10 s
// against the built server on PostgreSQL, beside a bare Node http server that answers the same bytes. The
// ratio shows what the app adds on top of Node itself. Needs `npm run build` and a PostgreSQL server
// (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), on which it
// creates the scratch database `ticketshop_bench` from scratch and drops it afterwards.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { load, serverEnv, waitForHealth, withClient, withDatabase } from './support.mjs';

const DATABASE = 'ticketshop_bench';
const PORT = 3191;
const BARE_PORT = 3192;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DESCRIPTION =
  'Wir üben, was im Alltag wirklich trägt: kurze Atempausen, achtsames Gehen am Wasser und ein freundlicher ' +
  'Blick auf die eigenen Gedanken.\n\nDer Workshop richtet sich an alle, die neugierig sind – Vorkenntnisse ' +
  'brauchst du nicht. Tee, Obst und ein leichtes Mittagessen sind inklusive.';

export async function benchEventsApi({
  serverUrl = process.env.BENCH_DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres',
  events = 50,
  connections = 50,
  duration = 10,
} = {}) {
  const databaseUrl = withDatabase(serverUrl, DATABASE);
  await withClient(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${DATABASE}`);
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ticketshop-bench-events-'));
  // the server runs the migrations at start; no demo data, production-like logging
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: serverEnv(PORT, dataDir, {
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info',
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(server, PORT);
    await insertEvents(databaseUrl, events);
    const url = `http://127.0.0.1:${PORT}/api/events`;
    const results = {};
    // as curl and autocannon ask (the figure), and as browsers ask (brotli, precomputed by the cache)
    for (const encoding of ['identity', 'br']) {
      const headers = encoding === 'identity' ? {} : { 'accept-encoding': 'gzip, deflate, br' };
      const first = await getRaw(url, headers);
      const bytes = first.body;
      const plain = encoding === 'br' ? brotliDecompressSync(bytes) : bytes;
      const count = JSON.parse(plain.toString('utf8')).length;
      if (first.status !== 200 || count !== events) {
        throw new Error(`GET /api/events answered ${first.status} with ${count} events, expected ${events}`);
      }
      const answer = { 'Content-Type': first.headers['content-type'], 'Content-Length': bytes.length };
      if (encoding === 'br') answer['Content-Encoding'] = first.headers['content-encoding'];

      await load(url, { connections, duration: 1, headers }); // warm-up: JIT, connection setup
      const app = await load(url, { connections, duration, headers });
      const bare = await withBareServer(bytes, answer, async (bareUrl) => {
        await load(bareUrl, { connections, duration: 1, headers });
        return load(bareUrl, { connections, duration, headers });
      });
      const ratio = app.requestsPerSecond / bare.requestsPerSecond;
      const line = (name, r) =>
        `  ${name.padEnd(26)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms` +
        (r.failures ? `   ${r.failures} failed` : '');
      console.log(
        `GET /api/events, ${events} events, ${encoding} (${bytes.length} bytes), ${connections} connections, ${duration} s`,
      );
      console.log(line('app (PostgreSQL)', app));
      console.log(line('bare node:http, same bytes', bare));
      console.log(`  ratio app/bare: ${ratio.toFixed(2)}`);
      results[encoding] = { app, bare, ratio, bytes: bytes.length };
    }
    console.log('targets (identity): ≥ 10,000 req/s and ratio ≥ 0.25');
    return results;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
    await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The body as sent (fetch would decompress it). */
function getRaw(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function withBareServer(bytes, headers, work) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(bytes);
  });
  await new Promise((resolve) => server.listen(BARE_PORT, '127.0.0.1', resolve));
  try {
    return await work(`http://127.0.0.1:${BARE_PORT}/`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** 50 published events like the demo's: cover, two tags, an organizer; then NOTIFY so the cache drops. */
export async function insertEvents(databaseUrl, count) {
  await withClient(databaseUrl, async (client) => {
    await client.query('BEGIN');
    const organizerId = randomUUID();
    await client.query(
      `INSERT INTO "user" (id, name, email, email_verified) VALUES ($1, 'Miriam Albers', 'miriam@bench.example', true)`,
      [organizerId],
    );
    await client.query(
      `INSERT INTO profiles (id, email, full_name, display_name, role, bio, website, portrait_url)
       VALUES ($1, 'miriam@bench.example', 'Miriam Albers', 'Miriam Albers', 'organizer',
               'Systemische Coachin und Achtsamkeitslehrerin.', 'https://wachstumsraum.example', '/demo/portraits/miriam-albers.webp')`,
      [organizerId],
    );
    const tagIds = [];
    for (const name of ['Achtsamkeit', 'Kommunikation']) {
      const { rows } = await client.query(
        'INSERT INTO tags (name, slug) VALUES ($1, lower($1)) RETURNING id',
        [name],
      );
      tagIds.push(rows[0].id);
    }
    for (let i = 0; i < count; i++) {
      const start = new Date(Date.now() + (i - 5) * 3 * DAY);
      const slug = `bench-workshop-${i + 1}`;
      const { rows } = await client.query(
        `INSERT INTO events (slug, title, short_description, description, start_time, end_time, location,
           location_details, venue, room, mode, price_cents, total_seats, available_seats, status, image_url, website)
         VALUES ($1, $2, 'Ein Tag, um anzukommen: einfache Übungen für mehr Ruhe zwischen Terminen.', $3, $4, $5,
           'Hamburg', 'Hamburg-Ottensen', 'Kulturetage Elbblick', 'Seminarraum 2', 'presence', 8900, 16, 16 - ($6 % 16),
           'published', $7, 'https://wachstumsraum.example')
         RETURNING id`,
        [
          slug,
          `Achtsamkeit im Alltag – Workshop ${i + 1}`,
          DESCRIPTION,
          start,
          new Date(start.getTime() + 7 * HOUR),
          i,
          `/demo/covers/${slug}.webp`,
        ],
      );
      const eventId = rows[0].id;
      await client.query(
        `INSERT INTO event_media (event_id, title, url, is_featured, metadata)
         VALUES ($1, 'Cover', $2, true, '{"width":1409,"height":500}')`,
        [eventId, `/demo/covers/${slug}.webp`],
      );
      await client.query('INSERT INTO event_tags (event_id, tag_id) VALUES ($1, $2), ($1, $3)', [
        eventId,
        ...tagIds,
      ]);
      await client.query('INSERT INTO event_organizers (event_id, user_id) VALUES ($1, $2)', [
        eventId,
        organizerId,
      ]);
    }
    // what publishEventChange(db, null) sends: every instance drops its public event cache
    await client.query(`SELECT pg_notify('event_changes', '{"kind":"event","eventId":null}')`);
    await client.query('COMMIT');
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await benchEventsApi();
