import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicEvent, SeatUpdate } from '@shared/events';
import { publishSeatChange } from '@server/core/events/event-changes';
import { openDatabase, type Database } from '@server/db/client';
import { databaseUnavailableCause } from '@server/db/database-unavailable';
import { createEvent } from '@server/demo/factories';
import { events } from '@server/db/schema';
import { createLogger } from '@server/logger';
import { createTestDatabase } from '../helpers/db';
import { connectSeatStream } from '../helpers/seat-stream';
import { printFigures } from './support/figures';
import { freePort, startServer, type ServerProcess } from './support/server-process';

// Issue 11 "Must fix" 1: PostgreSQL ending the app's connections (restart, failover, pg_terminate_backend)
// ended the whole process. The real server process runs here, as `npm start` runs it, so a crash shows as
// a crash (docs/decisions/015-database-faults.md).

const APP_NAME = 'ticketshop-faults-app';
const ROUNDS = 3;

async function stopServer(server: ServerProcess) {
  if (server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await server.exited;
  clearTimeout(timer);
}

/** Polls `check` every 20 ms until it holds; fails at the deadline or as soon as the server has exited. */
async function until(server: ServerProcess, check: () => boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited (${server.child.exitCode}) while waiting for ${what}:\n${tail(server)}`);
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const tail = (server: ServerProcess) => server.output().split('\n').slice(-15).join('\n');

/** Visitors' requests, a few at a time, until stopped: what each answered, and requests left unanswered. */
function startTraffic(url: string, paths: string[], workers = 4) {
  const statuses = new Map<number, number>();
  let unanswered = 0;
  let running = true;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let i = worker; running; i++) {
      try {
        const res = await fetch(`${url}${paths[i % paths.length]}`, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      } catch {
        unanswered++;
      }
      await new Promise((resolve) => setTimeout(resolve, 5)); // pacing: the CPU is shared
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      const answered = [...statuses.values()].reduce((sum, n) => sum + n, 0);
      const count = (test: (status: number) => boolean) =>
        [...statuses].filter(([status]) => test(status)).reduce((sum, [, n]) => sum + n, 0);
      return { answered, unanswered, status5xx: count((s) => s >= 500), status500: count((s) => s === 500) };
    },
  };
}

async function getEvent(server: ServerProcess, id: string): Promise<PublicEvent> {
  const res = await fetch(`${server.url}/api/events/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as PublicEvent;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL ends every connection of the app', () => {
  let direct: Database;
  let admin: pg.Client;
  let server: ServerProcess;
  let databaseName: string;

  beforeAll(async () => {
    direct = await createTestDatabase();
    const url = new URL(String(direct.pool!.options.connectionString));
    databaseName = url.pathname.slice(1);
    // the app's connections carry a name, so the test's own connections are spared
    url.searchParams.set('application_name', APP_NAME);
    server = await startServer({
      port: await freePort(),
      env: {
        DATABASE_URL: url.toString(),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ticketshop-restart-')),
      },
    });
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    await admin?.end();
    await direct?.close();
  });

  it('keeps answering, reconnects the seat feed, and serves fresh seats afterwards', async () => {
    const event = await createEvent(direct.db, { totalSeats: 20 });
    expect((await getEvent(server, event.id)).availableSeats).toBe(20); // now cached in the server
    // a change that announces nothing: only the resync after the reconnect can show it
    await direct.db.update(events).set({ availableSeats: 15 }).where(eq(events.id, event.id));
    expect((await getEvent(server, event.id)).availableSeats).toBe(20);

    const stream = await connectSeatStream(server.url);
    const count = (event: string) => stream.messages.filter((m) => m.event === event).length;
    await until(server, () => stream.retry !== undefined, 'the seat stream');
    const traffic = startTraffic(server.url, [
      '/api/events',
      `/api/events/${event.id}`,
      '/api/health',
      '/api/settings',
    ]);
    const terminated: number[] = [];
    const reconnectMs: number[] = [];
    let failure: unknown;
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        const started = performance.now();
        const killed = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = $1 AND application_name = $2 AND pid <> pg_backend_pid()`,
          [databaseName, APP_NAME],
        );
        terminated.push(killed.rowCount ?? 0);
        // the feed says resync when it loses its connection and again when it listens once more
        await until(
          server,
          () => count('resync') >= 2 * round,
          `the seat feed to listen again (round ${round})`,
        );
        reconnectMs.push(Math.round(performance.now() - started));
      }
    } catch (error) {
      failure = error; // reported after the figures
    }
    const figures = await traffic.stop();
    printFigures('database backends terminated', {
      'faults injected': ROUNDS,
      'backends ended': terminated.reduce((sum, n) => sum + n, 0),
      'requests answered': figures.answered,
      unanswered: figures.unanswered,
      '5xx': figures.status5xx,
      'of them 500': figures.status500,
      'slowest seat feed reconnect ms': Math.max(0, ...reconnectMs),
    });
    if (failure) throw failure;

    expect(server.child.exitCode).toBeNull();
    expect(terminated[0]).toBeGreaterThanOrEqual(2); // the pool's connections and the LISTEN connection
    expect(figures.unanswered).toBe(0);
    expect(figures.status500).toBe(0);
    expect(figures.answered).toBeGreaterThan(0);

    // the next query succeeds, and the cache was dropped when the feed listened again
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'postgres' });
    expect((await getEvent(server, event.id)).availableSeats).toBe(15);

    // live seat updates arrive again
    const seatsBefore = count('seats');
    await direct.db.transaction(async (tx) => {
      await tx
        .update(events)
        .set({ availableSeats: sql`${events.availableSeats} - 4` })
        .where(eq(events.id, event.id));
      await publishSeatChange(tx, event.id);
    });
    await until(server, () => count('seats') > seatsBefore, 'a seats event after the reconnect');
    const update = JSON.parse(stream.messages.filter((m) => m.event === 'seats').at(-1)!.data) as SeatUpdate;
    expect(update).toEqual({ eventId: event.id, availableSeats: 11, totalSeats: 20 });
    expect(stream.ended).toBe(false);
    await stream.close();
  });

  it('fails only the transaction whose connection dies while it holds it', async () => {
    // what a booking holds while PostgreSQL restarts: pg-pool does not watch a connection it has lent out
    const database = await openDatabase({
      databaseUrl: String(direct.pool!.options.connectionString),
      logger: createLogger('silent'),
    });
    // in the server this would end the process (the first test shows that); here it is recorded
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const outcome = await database.db
        .transaction(async (tx) => {
          const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
          await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
          await tx.execute(sql`select 1`);
        })
        .then(
          () => 'committed',
          (error: unknown) => (databaseUnavailableCause(error) ? 'unavailable' : error),
        );
      expect(uncaught).toEqual([]);
      expect(outcome).toBe('unavailable');
      await database.ping(); // the next query gets a new connection
    } finally {
      process.off('uncaughtException', record);
      await database.close();
    }
  });
});
