import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicEvent, SeatUpdate } from '@shared/events';
import { SeatEventStreams } from '@server/adapters/seat-feed/seat-event-streams';
import { loadConfig } from '@server/config';
import { publishSeatChange } from '@server/core/events/event-changes';
import { openDatabase, type Database } from '@server/db/client';
import { createEvent } from '@server/demo/factories';
import { events } from '@server/db/schema';
import { createApp } from '@server/http/app';
import { createLogger } from '@server/logger';
import { createServices, type Services } from '@server/services';
import { createTestDatabase } from '../helpers/db';
import { connectSeatStream as connect } from '../helpers/seat-stream';

// GET /api/events/live over a real HTTP connection, as a browser's EventSource uses it.

interface Instance {
  services: Services;
  url: string;
  close(): Promise<void>;
}

/** One app instance as main.ts runs it: services, a started seat feed, a listening HTTP server. */
async function startInstance(database: Database, env: NodeJS.ProcessEnv = {}): Promise<Instance> {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ticketshop-live-')),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const services = createServices(config, database, createLogger('silent'));
  await services.seatFeed.start();
  const app = createApp(services);
  const server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    services,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await services.seatFeed.stop();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function takeSeats(database: Database, eventId: string, seats: number) {
  await database.db.transaction(async (tx) => {
    await tx
      .update(events)
      .set({ availableSeats: sql`${events.availableSeats} - ${seats}` })
      .where(eq(events.id, eventId));
    await publishSeatChange(tx, eventId);
  });
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let database: Database;
let instance: Instance;
beforeAll(async () => {
  database = await createTestDatabase();
  instance = await startInstance(database);
});
afterAll(async () => {
  await instance.close();
  await database.close();
});

describe('GET /api/events/live', () => {
  it('streams text/event-stream with a retry hint, then a seats event after publishSeatChange', async () => {
    const event = await createEvent(database.db, { totalSeats: 20 });
    const stream = await connect(instance.url);
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.res.headers.get('cache-control')).toContain('no-cache');
      await stream.waitFor(() => stream.retry, 'the retry hint');
      expect(stream.retry).toBeGreaterThan(0);

      await takeSeats(database, event.id, 3);
      expect(await stream.nextSeats()).toEqual({ eventId: event.id, availableSeats: 17, totalSeats: 20 });
      await takeSeats(database, event.id, -1); // a cancellation gives a seat back
      expect(await stream.nextSeats()).toEqual({ eventId: event.id, availableSeats: 18, totalSeats: 20 });
    } finally {
      await stream.close();
    }
  });

  it('sends nothing for a rolled-back change, nor to visitors for drafts and hidden events', async () => {
    const visible = await createEvent(database.db);
    const draft = await createEvent(database.db, { status: 'draft' });
    const hidden = await createEvent(database.db, { hidden: true });
    const stream = await connect(instance.url);
    try {
      await stream.waitFor(() => stream.retry, 'the retry hint');
      await expect(
        database.db.transaction(async (tx) => {
          await tx.update(events).set({ availableSeats: 0 }).where(eq(events.id, visible.id));
          await publishSeatChange(tx, visible.id);
          throw new Error('abgebrochen');
        }),
      ).rejects.toThrow('abgebrochen');
      await takeSeats(database, draft.id, 1);
      await takeSeats(database, hidden.id, 1);
      await takeSeats(database, visible.id, 2);
      // notifications arrive in commit order: had any of the others been sent, it would come first
      expect(await stream.nextSeats()).toEqual({ eventId: visible.id, availableSeats: 18, totalSeats: 20 });
    } finally {
      await stream.close();
    }
  });

  it('starts with the counts now: a change made before the stream opened is not lost, drafts stay hidden', async () => {
    const event = await createEvent(database.db, { totalSeats: 20 });
    const draft = await createEvent(database.db, { status: 'draft' });
    await fetch(`${instance.url}/api/events`); // the page was read ...
    await takeSeats(database, event.id, 3); // ... then someone booked, before the page's stream opened
    // ... and this instance has taken in the booking's notification (its public list shows it), so no later
    // message can bring it to the stream opened next: only the counts it starts with can
    const listed = async () =>
      ((await (await fetch(`${instance.url}/api/events`)).json()) as PublicEvent[]).find(
        (listedEvent) => listedEvent.id === event.id,
      )?.availableSeats;
    await until(async () => (await listed()) === 17, 'the booking in the public list');
    const stream = await connect(instance.url);
    try {
      const counts = await stream.waitFor(
        () => stream.messages.find((message) => message.event === 'counts'),
        'the counts',
      );
      const updates = JSON.parse(counts.data) as SeatUpdate[];
      expect(updates).toContainEqual({ eventId: event.id, availableSeats: 17, totalSeats: 20 });
      expect(updates.some((update) => update.eventId === draft.id)).toBe(false);
      expect(stream.messages[0]).toBe(counts); // before any change
    } finally {
      await stream.close();
    }
  });

  it('lets go of the feed when the client disconnects', async () => {
    const feed = instance.services.seatFeed;
    // the public event cache and the settings store; streams of earlier tests are let go of shortly after they close
    const before = 2;
    await until(() => feed.watcherCount === before, 'earlier streams to be let go of');
    const stream = await connect(instance.url);
    await until(() => feed.watcherCount === before + 1, 'the stream to watch the feed');
    await stream.close();
    await until(() => feed.watcherCount === before, 'the stream to let go');
  });

  it('sends a comment as heartbeat', async () => {
    const streams = new SeatEventStreams(instance.services.seatFeed, { heartbeatMs: 30 });
    const opened = streams.open('198.51.100.1', { includeHidden: false });
    if (!('body' in opened)) throw new Error(`refused: ${opened.refused}`);
    const reader = opened.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes(': ping\n\n'))
      text += decoder.decode((await reader.read()).value, { stream: true });
    expect(text.startsWith('retry: ')).toBe(true);
    await reader.cancel();
  });
});

describe('limits on open streams (decision 062)', () => {
  let limited: Instance;
  beforeAll(async () => {
    limited = await startInstance(database, { LIVE_STREAMS_PER_CLIENT: '2', LIVE_STREAMS_MAX: '3' });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 in German to a client beyond its streams, and takes it again after one closed', async () => {
    const first = await connect(limited.url);
    const second = await connect(limited.url);
    try {
      const refused = await fetch(`${limited.url}/api/events/live`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        'Zu viele Live-Verbindungen von deiner Adresse. Schließe ein paar Tabs.',
      );
      await first.close();
      await until(() => limited.services.seatStreams.size === 1, 'the closed stream to be let go of');
      const again = await connect(limited.url);
      expect(again.res.status).toBe(200);
      await again.close();
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('answers 503 to anyone once the instance holds its maximum', async () => {
    await until(() => limited.services.seatStreams.size === 0, 'earlier streams to be let go of');
    // three streams from three addresses: the instance's maximum in this test
    const streams = limited.services.seatStreams;
    const held = ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((ip) =>
      streams.open(ip, { includeHidden: false }),
    );
    try {
      const refused = await fetch(`${limited.url}/api/events/live`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('unavailable');
    } finally {
      for (const stream of held) if ('body' in stream) await stream.body.cancel();
    }
    expect(streams.size).toBe(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('several app instances on PostgreSQL', () => {
  let second: Instance;
  let secondDatabase: Database;
  beforeAll(async () => {
    // its own pool and its own LISTEN connection, on the same database: like a second server process
    secondDatabase = await openDatabase({ databaseUrl: String(database.pool!.options.connectionString) });
    second = await startInstance(secondDatabase);
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase.close();
  });

  it("delivers a change made through one instance to the other's stream and cache", async () => {
    const event = await createEvent(database.db, { totalSeats: 12 });
    expect(second.services.publicEvents.isWarm).toBe(false);
    const before = (await (await fetch(`${second.url}/api/events/${event.id}`)).json()) as PublicEvent;
    expect(before.availableSeats).toBe(12);
    expect(second.services.publicEvents.isWarm).toBe(true);

    const stream = await connect(second.url);
    try {
      await stream.waitFor(() => stream.retry, 'the retry hint');
      await takeSeats(database, event.id, 5); // through the first instance's pool
      expect(await stream.nextSeats()).toEqual({ eventId: event.id, availableSeats: 7, totalSeats: 12 });
      const after = (await (await fetch(`${second.url}/api/events/${event.id}`)).json()) as PublicEvent;
      expect(after.availableSeats).toBe(7);
    } finally {
      await stream.close();
    }
  });

  it('re-connects when the LISTEN connection drops, and says resync to its streams', async () => {
    const feed = second.services.seatFeed;
    const event = await createEvent(database.db, { totalSeats: 10 });
    const stream = await connect(second.url);
    try {
      await stream.waitFor(() => stream.retry, 'the retry hint');
      const killed = await database.pool!.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query = 'LISTEN event_changes' AND pid <> pg_backend_pid()`,
      );
      expect(killed.rowCount).toBe(2); // both instances' listeners
      await stream.waitFor(
        () => stream.messages.find((m) => m.event === 'resync'),
        'a resync after the connection dropped',
      );
      await until(() => feed.isListening, 'the feed to listen again');
      await takeSeats(database, event.id, 4);
      expect(await stream.nextSeats()).toEqual({ eventId: event.id, availableSeats: 6, totalSeats: 10 });
    } finally {
      await stream.close();
    }
  });
});

describe('stopping the feed', () => {
  it('ends the open streams (so a shutdown does not wait for them)', async () => {
    const own = await startInstance(database);
    const stream = await connect(own.url);
    await stream.waitFor(() => stream.retry, 'the retry hint');
    await own.services.seatFeed.stop();
    await until(() => stream.ended, 'the stream to end');
    await own.close();
  });
});
