import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicEvent, PublicOrganizer } from '@shared/events';
import { loadConfig } from '@server/config';
import { publishEventChange, publishSeatChange } from '@server/core/events/event-changes';
import { createCancellationPolicy, createEvent, createUser } from '@server/demo/factories';
import { eventLinks, eventMedia, eventOrganizers, events, eventTags, tags } from '@server/db/schema';
import { createApp } from '@server/http/app';
import { createLogger } from '@server/logger';
import { createServices, type Services } from '@server/services';
import type { TestApp } from '../helpers/app';
import { signIn, uniqueEmail } from '../helpers/auth';
import { createTestDatabase } from '../helpers/db';

// The app with its seat feed started, as main.ts runs it: only then does the event cache keep answers in
// memory (createTestApp leaves the feed off, so other tests always read the database).
let t: TestApp;
let services: Services;
beforeAll(async () => {
  const database = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ticketshop-events-')),
    LOG_LEVEL: 'silent',
  });
  services = createServices(config, database, createLogger('silent'));
  await services.seatFeed.start();
  const app = createApp(services);
  t = {
    app,
    database,
    config,
    settings: services.settings,
    services,
    close: async () => {
      await services.seatFeed.stop();
      await database.close();
    },
  };
});
afterAll(() => t.close());

const DAY = 24 * 3_600_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

async function getJson<T>(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.request(url, { headers });
  return { res, body: (await res.json()) as T };
}
const listSlugs = async (headers: Record<string, string> = {}) =>
  (await getJson<PublicEvent[]>('/api/events', headers)).body.map((event) => event.slug);

/**
 * Runs `change` and waits until the seat feed delivered its notification for `eventId` (on PostgreSQL it
 * arrives on another connection shortly after the commit; on PGlite before the commit returns).
 */
async function announced(eventId: string, change: () => Promise<unknown>) {
  let stop = () => {};
  const heard = new Promise<void>((resolve) => {
    stop = services.seatFeed.watch((event) => {
      if ((event.kind === 'seats' || event.kind === 'event') && event.eventId === eventId) resolve();
    });
  });
  try {
    await change();
    await Promise.race([
      heard,
      new Promise((_, reject) => setTimeout(() => reject(new Error('no notification within 5 s')), 5000)),
    ]);
  } finally {
    stop();
  }
}

async function adminCookie() {
  const email = uniqueEmail('admin');
  await createUser(t.database.db, { email, role: 'admin' });
  return (await signIn(t, email)).cookie;
}

describe('GET /api/events: who sees what', () => {
  let future: PublicEvent['slug'];
  let past: string;
  let draft: string;
  let hidden: string;
  let cancelled: string;

  beforeAll(async () => {
    const db = t.database.db;
    // A fresh database per file; the seed of other files does not reach here.
    future = (await createEvent(db, { slug: 'zukunft-hamburg', startTime: inDays(20) })).slug;
    past = (await createEvent(db, { slug: 'vergangen-kiel', startTime: inDays(-10) })).slug;
    draft = (await createEvent(db, { slug: 'entwurf-luebeck', startTime: inDays(5), status: 'draft' })).slug;
    hidden = (await createEvent(db, { slug: 'versteckt-sylt', startTime: inDays(6), hidden: true })).slug;
    cancelled = (
      await createEvent(db, { slug: 'abgesagt-undeloh', startTime: inDays(7), status: 'cancelled' })
    ).slug;
    services.publicEvents.invalidate();
  });

  it('shows visitors published, not hidden events, past ones too, ordered by start', async () => {
    const slugs = await listSlugs();
    expect(slugs).toEqual([past, future]);
  });

  it('shows admins drafts (and other non-published states) with their status, still not hidden ones', async () => {
    const cookie = await adminCookie();
    const { res, body } = await getJson<PublicEvent[]>('/api/events', { cookie });
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(body.map((event) => event.slug)).toEqual([past, draft, cancelled, future]);
    expect(body.find((event) => event.slug === draft)?.status).toBe('draft');
    // …while a signed-in attendee gets the visitors' list
    const attendee = uniqueEmail('attendee');
    await createUser(t.database.db, { email: attendee });
    expect(await listSlugs({ cookie: (await signIn(t, attendee)).cookie })).toEqual([past, future]);
  });

  it('finds an event by slug and by id; past published ones too; drafts only for admins', async () => {
    const pastEvent = (await getJson<PublicEvent>(`/api/events/${past}`)).body;
    expect(pastEvent.slug).toBe(past);
    const byId = await getJson<PublicEvent>(`/api/events/${pastEvent.id}`);
    expect(byId.res.status).toBe(200);
    expect(byId.body.slug).toBe(past);

    for (const slug of [draft, hidden, cancelled]) {
      expect((await t.app.request(`/api/events/${slug}`)).status).toBe(404);
    }
    const cookie = await adminCookie();
    const asAdmin = await getJson<PublicEvent>(`/api/events/${draft}`, { cookie });
    expect(asAdmin.res.status).toBe(200);
    expect(asAdmin.body.status).toBe('draft');
  });

  it("answers an unknown slug with 404 'Event nicht gefunden'", async () => {
    for (const key of ['gibt-es-nicht', '00000000-0000-4000-8000-000000000000']) {
      const res = await t.app.request(`/api/events/${key}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Event nicht gefunden' } });
    }
  });
});

describe('GET /api/events: the contract', () => {
  it('carries media, links, tags and organizers, and nothing internal', async () => {
    const db = t.database.db;
    const policy = await createCancellationPolicy(db);
    const creator = await createUser(db, { role: 'admin' });
    const organizer = await createUser(db, {
      role: 'organizer',
      name: 'Miriam Albers',
      profile: { bio: 'Coachin', website: 'https://miriam.example', portraitUrl: '/p/miriam.webp' },
    });
    const event = await createEvent(db, {
      slug: 'vertrag-online',
      mode: 'online',
      startTime: inDays(40),
      onlineUrl: 'https://meet.example/geheimer-raum-4711',
      creatorId: creator.user.id,
      cancellationPolicyId: policy.id,
      imageUrl: '/demo/covers/vertrag.webp',
      earlyBirdPriceCents: 3900,
      earlyBirdEndsAt: inDays(10),
    });
    await db.insert(eventMedia).values([
      { eventId: event.id, url: '/m/2.webp', title: 'Ticket Preview', displayOrder: 2 },
      { eventId: event.id, url: '/m/1.webp', title: 'Cover', isFeatured: true, displayOrder: 1 },
    ]);
    await db.insert(eventLinks).values({ eventId: event.id, title: 'Anfahrt', url: 'https://maps.example' });
    const [tag] = await db.insert(tags).values({ name: 'Achtsamkeit', slug: 'achtsamkeit' }).returning();
    await db.insert(eventTags).values({ eventId: event.id, tagId: tag!.id });
    await db.insert(eventOrganizers).values({ eventId: event.id, userId: organizer.user.id });
    await announced(event.id, () => publishEventChange(db, event.id));

    const res = await t.app.request('/api/events/vertrag-online');
    const text = await res.text();
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(text).not.toContain('geheimer-raum-4711');
    expect(text).not.toContain(organizer.profile.email);
    const body = JSON.parse(text) as Record<string, unknown>;
    for (const key of [
      'onlineUrl',
      'creatorId',
      'cancellationPolicyId',
      'hidden',
      'isPrivate',
      'createdAt',
    ]) {
      expect(body).not.toHaveProperty(key);
    }
    expect(body).toMatchObject({
      id: event.id,
      mode: 'online',
      priceCents: 4900,
      earlyBirdPriceCents: 3900,
      earlyBirdEndsAt: event.earlyBirdEndsAt!.toISOString(),
      startTime: event.startTime.toISOString(),
      currency: 'EUR',
      priceUnit: 'per_person',
      totalSeats: 20,
      availableSeats: 20,
      status: 'published',
      imageUrl: '/demo/covers/vertrag.webp',
      links: [{ title: 'Anfahrt', url: 'https://maps.example' }],
      tags: ['Achtsamkeit'],
    });
    expect((body.media as { url: string }[]).map((medium) => medium.url)).toEqual(['/m/1.webp', '/m/2.webp']);
    expect(body.organizers).toEqual([
      {
        id: organizer.user.id,
        displayName: 'Miriam Albers',
        avatarUrl: null,
        portraitUrl: '/p/miriam.webp',
        bio: 'Coachin',
        website: 'https://miriam.example',
      } satisfies PublicOrganizer,
    ]);
    // the list carries the same object
    const list = (await getJson<PublicEvent[]>('/api/events')).body;
    expect(list.find((item) => item.id === event.id)).toEqual({ ...body, questions: undefined });
  });

  it('revalidates with an ETag and compresses when the client accepts it', async () => {
    const first = await t.app.request('/api/events');
    const etag = first.headers.get('etag')!;
    const plain = await first.text();
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('vary')).toContain('Accept-Encoding');
    const again = await t.app.request('/api/events', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);

    const br = await t.app.request('/api/events', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8')).toBe(plain);
    const gz = await t.app.request('/api/events', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe(plain);
  });
});

describe('the public event cache', () => {
  const seatsOf = async (slug: string) =>
    (await getJson<PublicEvent[]>('/api/events')).body.find((event) => event.slug === slug)?.availableSeats;

  it('answers from memory, and is dropped by a seat change (publishSeatChange)', async () => {
    const db = t.database.db;
    const event = await createEvent(db, { slug: 'cache-sitzplaetze', startTime: inDays(12) });
    await announced(event.id, () => publishEventChange(db, event.id));
    expect(await seatsOf(event.slug)).toBe(20);
    expect(services.publicEvents.isWarm).toBe(true);

    // a change nobody announces stays invisible: proof that the list comes from memory
    await db.update(events).set({ availableSeats: 17 }).where(eq(events.id, event.id));
    expect(await seatsOf(event.slug)).toBe(20);

    await announced(event.id, () =>
      db.transaction(async (tx) => {
        await tx
          .update(events)
          .set({ availableSeats: sql`${events.availableSeats} - 2` })
          .where(eq(events.id, event.id));
        await publishSeatChange(tx, event.id);
      }),
    );
    expect(await seatsOf(event.slug)).toBe(15);
    const detail = (await getJson<PublicEvent>(`/api/events/${event.slug}`)).body;
    expect(detail.availableSeats).toBe(15);
  });

  it('is dropped by an event update (publishEventChange) and by invalidate()', async () => {
    const db = t.database.db;
    const event = await createEvent(db, { slug: 'cache-titel', title: 'Alter Titel', startTime: inDays(13) });
    await announced(event.id, () => publishEventChange(db, event.id));
    const titleOf = async () =>
      (await getJson<PublicEvent[]>('/api/events')).body.find((item) => item.id === event.id)?.title;
    expect(await titleOf()).toBe('Alter Titel');

    await db.update(events).set({ title: 'Unangekündigt' }).where(eq(events.id, event.id));
    expect(await titleOf()).toBe('Alter Titel');
    await announced(event.id, () =>
      db.transaction(async (tx) => {
        await tx.update(events).set({ title: 'Neuer Titel' }).where(eq(events.id, event.id));
        await publishEventChange(tx, event.id);
      }),
    );
    expect(await titleOf()).toBe('Neuer Titel');

    await db.update(events).set({ status: 'draft' }).where(eq(events.id, event.id));
    expect((await t.app.request(`/api/events/${event.slug}`)).status).toBe(200); // still the cached view
    services.publicEvents.invalidate();
    expect((await t.app.request(`/api/events/${event.slug}`)).status).toBe(404);
  });

  it('does not announce a change whose transaction rolls back', async () => {
    const db = t.database.db;
    const event = await createEvent(db, { slug: 'cache-rollback', startTime: inDays(14) });
    await announced(event.id, () => publishEventChange(db, event.id));
    expect(await seatsOf(event.slug)).toBe(20);
    const heard: string[] = [];
    const stop = services.seatFeed.watch((change) => {
      if (change.kind === 'seats' || change.kind === 'event') heard.push(change.eventId ?? '');
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.update(events).set({ availableSeats: 1 }).where(eq(events.id, event.id));
        await publishSeatChange(tx, event.id);
        throw new Error('Zahlung abgelehnt');
      }),
    ).rejects.toThrow('Zahlung abgelehnt');
    // a later, committed change of another event arrives; the rolled-back one never does
    const other = await createEvent(db, { slug: 'cache-rollback-danach', startTime: inDays(15) });
    await announced(other.id, () => publishSeatChange(db, other.id));
    stop();
    expect(heard).toEqual([other.id]);
    expect(await seatsOf(event.slug)).toBe(20);
  });
});

describe('GET /api/organizers', () => {
  it('lists organizers and admins who run a published, visible event, without contact data', async () => {
    const db = t.database.db;
    const jonas = await createUser(db, { role: 'organizer', name: 'Jonas Albers' });
    const idle = await createUser(db, { role: 'organizer', name: 'Ohne Veranstaltung' });
    const draftOnly = await createUser(db, { role: 'organizer', name: 'Nur Entwurf' });
    const attendee = await createUser(db, { role: 'attendee', name: 'Keine Rolle' });
    const published = await createEvent(db, { startTime: inDays(30) });
    const draft = await createEvent(db, { startTime: inDays(31), status: 'draft' });
    await db.insert(eventOrganizers).values([
      { eventId: published.id, userId: jonas.user.id },
      { eventId: published.id, userId: attendee.user.id },
      { eventId: draft.id, userId: draftOnly.user.id },
    ]);

    const { res, body } = await getJson<PublicOrganizer[]>('/api/organizers');
    expect(res.status).toBe(200);
    const names = body.map((organizer) => organizer.displayName);
    expect(names).toContain('Jonas Albers');
    for (const absent of [idle, draftOnly, attendee]) expect(names).not.toContain(absent.profile.displayName);
    const entry = body.find((organizer) => organizer.id === jonas.user.id)!;
    expect(Object.keys(entry).sort()).toEqual([
      'avatarUrl',
      'bio',
      'displayName',
      'id',
      'portraitUrl',
      'website',
    ]);
  });
});
