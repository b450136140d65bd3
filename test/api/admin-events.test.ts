import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EVENT_MESSAGES as M,
  type AdminEvent,
  type AdminEventListItem,
  type BulkEventAnswer,
  type CoverUploadAnswer,
  type EventFormOptions,
  type SlugCheckAnswer,
} from '@shared/admin-events';
import { IMAGE_TYPE_MESSAGE } from '@shared/image-upload';
import { createBooking as bookSeats } from '@server/core/bookings/create-booking';
import { createBooking, createCancellationPolicy, createEvent, createUser } from '@server/demo/factories';
import {
  bookings,
  eventLinks,
  eventMedia,
  eventOrganizers,
  events,
  eventTags,
  payments,
  refunds,
  tags,
  tickets,
} from '@server/db/schema';
import { createSeatFeed } from '@server/adapters/seat-feed/create-seat-feed';
import type { FeedEvent } from '@server/adapters/seat-feed/seat-feed';
import { createLogger } from '@server/logger';
import { createTestApp, type TestApp } from '../helpers/app';
import { signIn, uniqueEmail } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';

let t: TestApp;
const cookies: Record<'attendee' | 'organizer' | 'admin', string> = {
  attendee: '',
  organizer: '',
  admin: '',
};
let adminId = '';

type Role = keyof typeof cookies;
async function signedIn(role: Role) {
  const email = uniqueEmail(role);
  const created = await createUser(t.database.db, { email, role });
  const { cookie } = await signIn(t, email);
  return { cookie, id: created.user.id };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['attendee', 'organizer', 'admin'] as const) {
    const person = await signedIn(role);
    cookies[role] = person.cookie;
    if (role === 'admin') adminId = person.id;
  }
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string; details?: { path: string; message: string }[] } };

const send = (method: string, url: string, cookie: string | undefined, body?: unknown) =>
  t.app.request(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const asAdmin = (method: string, url: string, body?: unknown) => send(method, url, cookies.admin, body);

const DAY = 86_400_000;
const future = (days: number, hours = 0) =>
  new Date(Date.now() + days * DAY + hours * 3_600_000).toISOString();

/** A valid create body; any field can be overridden. */
const input = (overrides: Record<string, unknown> = {}) => ({
  title: 'Achtsamkeit am Morgen',
  description: 'Ein ruhiger Start in den Tag.',
  location: 'Hamburg',
  startTime: future(20),
  endTime: future(20, 3),
  timezone: 'Europe/Berlin',
  totalSeats: 12,
  priceCents: 4900,
  currency: 'EUR',
  ...overrides,
});

async function created(overrides: Record<string, unknown> = {}): Promise<AdminEvent> {
  const res = await asAdmin('POST', '/api/admin/events', input(overrides));
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as AdminEvent;
}

const row = async (id: string) => (await t.database.db.select().from(events).where(eq(events.id, id)))[0];

const png = (width = 900, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
const uploadCover = (id: string, cookie: string | undefined, bytes: Buffer, name = 'cover.png') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  return t.app.request(`/api/admin/events/${id}/cover`, {
    method: 'POST',
    headers: cookie ? { cookie } : {},
    body: form,
  });
};

describe('access', () => {
  it('answers every endpoint to admins only: anonymous 401, attendee and organizer 403', async () => {
    const target = await createEvent(t.database.db, { status: 'draft' });
    const deletable = await createEvent(t.database.db, { status: 'draft' });
    const calls: { method: string; url: string; body?: unknown; ok: number }[] = [
      { method: 'GET', url: '/api/admin/events', ok: 200 },
      { method: 'GET', url: '/api/admin/events/form-options', ok: 200 },
      { method: 'GET', url: '/api/admin/events/slug-check?slug=frei', ok: 200 },
      { method: 'GET', url: `/api/admin/events/${target.id}`, ok: 200 },
      { method: 'POST', url: '/api/admin/events', body: input(), ok: 201 },
      { method: 'PATCH', url: `/api/admin/events/${target.id}`, body: { title: 'Neu' }, ok: 200 },
      { method: 'POST', url: '/api/admin/events/bulk/publish', body: { ids: [target.id] }, ok: 200 },
      { method: 'POST', url: '/api/admin/events/bulk/delete', body: { ids: [deletable.id] }, ok: 200 },
      { method: 'DELETE', url: `/api/admin/events/${target.id}`, ok: 200 },
    ];
    for (const call of calls) {
      expect((await send(call.method, call.url, undefined, call.body)).status, call.url).toBe(401);
      expect((await send(call.method, call.url, cookies.attendee, call.body)).status, call.url).toBe(403);
      expect((await send(call.method, call.url, cookies.organizer, call.body)).status, call.url).toBe(403);
    }
    // nothing changed for the refused callers
    expect((await row(target.id))?.title).toBe(target.title);
    expect(await row(deletable.id)).toBeDefined();
    for (const call of calls) {
      expect((await send(call.method, call.url, cookies.admin, call.body)).status, call.url).toBe(call.ok);
    }
    expect(await row(target.id)).toBeUndefined();
    expect(await row(deletable.id)).toBeUndefined();

    const cover = await createEvent(t.database.db);
    const image = await png();
    expect((await uploadCover(cover.id, undefined, image)).status).toBe(401);
    expect((await uploadCover(cover.id, cookies.attendee, image)).status).toBe(403);
    expect((await uploadCover(cover.id, cookies.organizer, image)).status).toBe(403);
    expect((await uploadCover(cover.id, cookies.admin, image)).status).toBe(200);
  });

  it('answers an unknown or malformed id with "Event nicht gefunden."', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'kein-uuid']) {
      const res = await asAdmin('GET', `/api/admin/events/${id}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorBody).error.message).toBe('Event nicht gefunden.');
      expect((await asAdmin('PATCH', `/api/admin/events/${id}`, { title: 'x' })).status).toBe(404);
      expect((await asAdmin('DELETE', `/api/admin/events/${id}`)).status).toBe(404);
    }
  });
});

describe('create and slug', () => {
  it('creates a draft with the defaults, all seats free, the creator recorded', async () => {
    const event = await created({ title: 'Rücken & Café: Yoga!' });
    expect(event).toMatchObject({
      slug: 'ruecken-cafe-yoga',
      status: 'draft',
      mode: 'presence',
      priceUnit: 'per_person',
      currency: 'EUR',
      totalSeats: 12,
      availableSeats: 12,
      takenSeats: 0,
      activeTicketCount: 0,
      organizerIds: [],
      cancellationPolicyId: null,
    });
    expect((await row(event.id))?.creatorId).toBe(adminId);
  });

  // docs/product/events.md#venue-for-buyers: the admin names the house; the buyer reads it with the town
  it("stores the venue's name from the form, changes and clears it", async () => {
    const event = await created({ venue: '  Heidehof Wilsede ', room: 'Saal' });
    expect(event).toMatchObject({ location: 'Hamburg', venue: 'Heidehof Wilsede', room: 'Saal' });
    expect((await row(event.id))?.venue).toBe('Heidehof Wilsede');
    const renamed = await asAdmin('PATCH', `/api/admin/events/${event.id}`, { venue: 'Gut Sunder' });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    expect((await row(event.id))?.venue).toBe('Gut Sunder');
    const cleared = await asAdmin('PATCH', `/api/admin/events/${event.id}`, { venue: '' });
    expect(cleared.status).toBe(200);
    expect((await row(event.id))?.venue).toBeNull();
    const tooLong = await asAdmin('POST', '/api/admin/events', input({ venue: 'x'.repeat(201) }));
    expect(tooLong.status).toBe(422);
  });

  it('renders a ticket preview for a new event, kept out of the public media', async () => {
    const event = await created({ title: 'Vorschau Workshop', status: 'published' });
    let previews: (typeof eventMedia.$inferSelect)[] = [];
    for (let i = 0; i < 100 && previews.length === 0; i++) {
      previews = await t.database.db.select().from(eventMedia).where(eq(eventMedia.eventId, event.id));
      if (previews.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(previews).toHaveLength(1);
    expect(previews[0]).toMatchObject({
      title: 'Ticket Preview',
      mediaType: 'ticket-preview',
      isFeatured: false,
    });
    expect(previews[0]!.url).toMatch(/\.jpg$/);
    const publicEvent = (await (await t.app.request(`/api/events/${event.slug}`)).json()) as {
      media: unknown[];
    };
    expect(publicEvent.media).toEqual([]);
  });

  it('derives a free slug from a repeated title and refuses a taken explicit slug with 409', async () => {
    const first = await created({ title: 'Klangschalen Abend' });
    const second = await created({ title: 'Klangschalen Abend' });
    const third = await created({ title: 'Klangschalen   Abend' });
    expect([first.slug, second.slug, third.slug]).toEqual([
      'klangschalen-abend',
      'klangschalen-abend-2',
      'klangschalen-abend-3',
    ]);
    const taken = await asAdmin('POST', '/api/admin/events', input({ slug: 'klangschalen-abend' }));
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as ErrorBody).error.message).toBe(M.slugTaken);

    const edit = await asAdmin('PATCH', `/api/admin/events/${second.id}`, { slug: first.slug });
    expect(edit.status).toBe(409);
    expect(((await edit.json()) as ErrorBody).error).toMatchObject({
      code: 'conflict',
      message: M.slugTaken,
    });
    expect((await row(second.id))?.slug).toBe('klangschalen-abend-2');

    const renamed = await asAdmin('PATCH', `/api/admin/events/${second.id}`, { slug: 'klangschalen-im-mai' });
    expect(((await renamed.json()) as AdminEvent).slug).toBe('klangschalen-im-mai');
  });

  it('checks slugs while the form is typed: taken, own, malformed, free', async () => {
    const event = await created({ title: 'Slug Probe' });
    const check = async (query: string) =>
      (await (await asAdmin('GET', `/api/admin/events/slug-check?${query}`)).json()) as SlugCheckAnswer;
    expect(await check('slug=slug-probe')).toEqual({
      slug: 'slug-probe',
      valid: true,
      available: false,
      message: M.slugTaken,
    });
    expect(await check(`slug=slug-probe&exceptId=${event.id}`)).toMatchObject({
      available: true,
      message: null,
    });
    expect(await check('slug=Gro%C3%9F--Schreibung')).toMatchObject({ valid: false, message: M.slug });
    expect(await check('slug=ganz-neu-2030')).toMatchObject({ valid: true, available: true });
  });
});

describe('validation', () => {
  const problem = async (body: Record<string, unknown>) => {
    const res = await asAdmin('POST', '/api/admin/events', body);
    expect(res.status).toBe(422);
    return ((await res.json()) as ErrorBody).error;
  };

  it('names the first problem in German and lists every field', async () => {
    const error = await problem({});
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe(M.title);
    const paths = error.details!.map((detail) => detail.path);
    for (const field of [
      'title',
      'description',
      'location',
      'startTime',
      'endTime',
      'totalSeats',
      'priceCents',
    ]) {
      expect(paths).toContain(field);
    }
    expect((await problem(input({ title: '   ' }))).message).toBe(M.title);
    expect((await problem(input({ description: ' \r\n \n\t' }))).message).toBe(M.description);
    expect((await problem(input({ location: '' }))).message).toBe(M.location);
    expect((await problem(input({ timezone: 'Mars/Olympus' }))).message).toBe(M.timezone);
    expect((await problem(input({ totalSeats: 2.5 }))).message).toBe(M.totalSeats);
    expect((await problem(input({ totalSeats: -1 }))).message).toBe(M.totalSeats);
    expect((await problem(input({ priceCents: -100 }))).message).toBe(M.price);
    expect((await problem(input({ currency: 'Euro' }))).message).toBe(M.currency);
    expect((await problem(input({ status: 'archived' }))).message).toBe(M.status);
    expect((await problem(input({ mode: 'hybrid' }))).message).toBe(M.mode);
    expect((await problem(input({ onlineUrl: 'javascript:alert(1)' }))).message).toBe(M.onlineUrl);
    expect((await problem(input({ startTime: 'morgen' }))).message).toBe(M.startTime);
  });

  it('keeps end after start and the early bird consistent', async () => {
    const start = future(30);
    expect((await problem(input({ startTime: start, endTime: start }))).message).toBe(M.endBeforeStart);
    expect((await problem(input({ earlyBirdPriceCents: 3900 }))).message).toBe(M.earlyBirdPair);
    const endsAt = future(10);
    expect((await problem(input({ earlyBirdPriceCents: 4900, earlyBirdEndsAt: endsAt }))).message).toBe(
      M.earlyBirdNotLower,
    );
    expect(
      (
        await problem(
          input({
            startTime: start,
            endTime: future(30, 2),
            earlyBirdPriceCents: 3900,
            earlyBirdEndsAt: future(31),
          }),
        )
      ).message,
    ).toBe(M.earlyBirdAfterStart);
    const ok = await created({ earlyBirdPriceCents: 3900, earlyBirdEndsAt: endsAt });
    expect(ok.earlyBirdPriceCents).toBe(3900);

    // PATCH checks the merged event: an end before the stored start is refused, nothing changes
    const res = await asAdmin('PATCH', `/api/admin/events/${ok.id}`, { endTime: future(1) });
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).error.message).toBe(M.endBeforeStart);
    const raised = await asAdmin('PATCH', `/api/admin/events/${ok.id}`, { priceCents: 3000 });
    expect(((await raised.json()) as ErrorBody).error.message).toBe(M.earlyBirdNotLower);
    expect((await row(ok.id))?.priceCents).toBe(4900);
  });

  it('normalises the description: line endings, trailing spaces, edge blank lines', async () => {
    const event = await created({
      description: '\r\n   \r\n  Erste Zeile   \r\nZweite\t\r\rDritte  \n\n \n',
    });
    expect(event.description).toBe('  Erste Zeile\nZweite\n\nDritte');
    const edited = await asAdmin('PATCH', `/api/admin/events/${event.id}`, { description: 'Neu  \r\n\r\n' });
    expect(((await edited.json()) as AdminEvent).description).toBe('Neu');
  });

  it('refuses an unknown policy and organizers who are not admin or organizer', async () => {
    const policyRes = await asAdmin(
      'POST',
      '/api/admin/events',
      input({ cancellationPolicyId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(policyRes.status).toBe(422);
    expect(((await policyRes.json()) as ErrorBody).error.message).toBe(M.policy);
    const attendee = await createUser(t.database.db, { role: 'attendee' });
    const orgRes = await asAdmin('POST', '/api/admin/events', input({ organizerIds: [attendee.user.id] }));
    expect(orgRes.status).toBe(422);
    expect(((await orgRes.json()) as ErrorBody).error.message).toBe(M.organizers);

    const policy = await createCancellationPolicy(t.database.db, { name: 'Kulant' });
    const event = await created({ cancellationPolicyId: policy.id });
    expect(event.cancellationPolicyId).toBe(policy.id);
    const cleared = await asAdmin('PATCH', `/api/admin/events/${event.id}`, { cancellationPolicyId: null });
    expect(((await cleared.json()) as AdminEvent).cancellationPolicyId).toBeNull();
    const options = (await (
      await asAdmin('GET', '/api/admin/events/form-options')
    ).json()) as EventFormOptions;
    expect(options.policies.map((p) => p.name)).toContain('Kulant');
    expect(options.organizers.some((o) => o.id === attendee.user.id)).toBe(false);
    expect(options.organizers.find((o) => o.id === adminId)?.role).toBe('admin');
  });
});

describe('tax mode (docs/product/invoices.md#tax-modes)', () => {
  it("stores the event's own tax mode, clears it to the setting's with null, refuses unknown modes", async () => {
    expect((await created()).taxMode).toBeNull();
    const event = await created({ taxMode: 'vat_7' });
    expect(event.taxMode).toBe('vat_7');
    expect((await row(event.id))?.taxMode).toBe('vat_7');
    const loaded = (await (await asAdmin('GET', `/api/admin/events/${event.id}`)).json()) as AdminEvent;
    expect(loaded.taxMode).toBe('vat_7');

    // a PATCH without the field keeps it
    const renamed = await asAdmin('PATCH', `/api/admin/events/${event.id}`, { title: 'Umbenannt' });
    expect(((await renamed.json()) as AdminEvent).taxMode).toBe('vat_7');

    const cleared = await asAdmin('PATCH', `/api/admin/events/${event.id}`, { taxMode: null });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as AdminEvent).taxMode).toBeNull();
    expect((await row(event.id))?.taxMode).toBeNull();

    const before = await row(event.id);
    for (const bad of ['vat_16', '', 19]) {
      const res = await asAdmin('PATCH', `/api/admin/events/${event.id}`, { taxMode: bad, title: 'Nie' });
      expect(res.status).toBe(422);
      const error = ((await res.json()) as ErrorBody).error;
      expect(error.message).toBe('Bitte eine steuerliche Behandlung wählen.');
      expect(error.details).toContainEqual({ path: 'taxMode', message: M.taxMode });
    }
    expect(await row(event.id)).toEqual(before);

    const refused = await asAdmin(
      'POST',
      '/api/admin/events',
      input({ title: 'Steuer Probe', taxMode: 'vat' }),
    );
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(M.taxMode);
    const probes = await t.database.db.select().from(events).where(eq(events.title, 'Steuer Probe'));
    expect(probes).toEqual([]);
  });
});

describe('seats', () => {
  it('never lets total seats drop below the seats taken, and keeps the invariant when raised', async () => {
    const event = await createEvent(t.database.db, { totalSeats: 10, priceCents: 2500 });
    const buyer = await createUser(t.database.db);
    // 3 sold (confirmed with tickets) and 2 held by a pending booking of the real booking core
    await createBooking(t.database.db, { event, profileId: buyer.profile.id, quantity: 3 });
    await bookSeats({
      db: t.database.db,
      userId: buyer.user.id,
      input: { eventId: event.id, quantity: 2, holderName: 'Kim Muster' },
    });
    expect((await row(event.id))?.availableSeats).toBe(5);

    const lowered = await asAdmin('PATCH', `/api/admin/events/${event.id}`, {
      totalSeats: 4,
      title: 'Zu klein',
    });
    expect(lowered.status).toBe(409);
    expect(((await lowered.json()) as ErrorBody).error.message).toBe(M.seatsBelowTaken(5));
    expect(await row(event.id)).toMatchObject({ totalSeats: 10, availableSeats: 5, title: event.title });

    const exact = (await (
      await asAdmin('PATCH', `/api/admin/events/${event.id}`, { totalSeats: 5 })
    ).json()) as AdminEvent;
    expect(exact).toMatchObject({ totalSeats: 5, availableSeats: 0, takenSeats: 5, activeTicketCount: 3 });
    const raised = (await (
      await asAdmin('PATCH', `/api/admin/events/${event.id}`, { totalSeats: 25 })
    ).json()) as AdminEvent;
    expect(raised).toMatchObject({ totalSeats: 25, availableSeats: 20, takenSeats: 5 });
    expect(await seatInvariantViolations(t.database.db)).toEqual([]);
  });
});

describe('delete', () => {
  it('refuses an event with bookings or tickets and suggests "Abgesagt"', async () => {
    const event = await createEvent(t.database.db);
    const buyer = await createUser(t.database.db);
    await createBooking(t.database.db, { event, profileId: buyer.profile.id });
    const res = await asAdmin('DELETE', `/api/admin/events/${event.id}`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(M.deleteHasBookings);
    expect(await row(event.id)).toBeDefined();

    const pending = await createEvent(t.database.db);
    await createBooking(t.database.db, { event: pending, profileId: buyer.profile.id, status: 'pending' });
    expect((await asAdmin('DELETE', `/api/admin/events/${pending.id}`)).status).toBe(409);
  });

  it('refuses an event whose run-out booking has payment records', async () => {
    const event = await createEvent(t.database.db);
    const buyer = await createUser(t.database.db);
    const { booking } = await createBooking(t.database.db, {
      event,
      profileId: buyer.profile.id,
      status: 'expired',
    });
    await t.database.db.insert(payments).values({
      bookingId: booking.id,
      provider: 'test',
      amountCents: 4900,
      status: 'failed',
      idempotencyKey: `test-${booking.id}`,
    });
    const res = await asAdmin('DELETE', `/api/admin/events/${event.id}`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(M.deleteHasPayments);
    expect(await row(event.id)).toBeDefined();
  });

  it('deletes an event with its media, links, tags, organizers and run-out holds', async () => {
    const db = t.database.db;
    const event = await createEvent(db);
    const buyer = await createUser(db);
    await createBooking(db, { event, profileId: buyer.profile.id, status: 'expired' });
    await db
      .insert(eventMedia)
      .values({ eventId: event.id, url: 'https://example.org/a.jpg', isFeatured: true });
    await db.insert(eventLinks).values({ eventId: event.id, title: 'Mehr', url: 'https://example.org' });
    const [tag] = await db
      .insert(tags)
      .values({ name: `Tag ${event.id}`, slug: `tag-${event.id}` })
      .returning();
    await db.insert(eventTags).values({ eventId: event.id, tagId: tag!.id });
    await db.insert(eventOrganizers).values({ eventId: event.id, userId: adminId });

    const res = await asAdmin('DELETE', `/api/admin/events/${event.id}`);
    expect(res.status).toBe(200);
    expect(await row(event.id)).toBeUndefined();
    for (const table of [eventMedia, eventLinks, eventTags, eventOrganizers, bookings]) {
      expect(await db.select().from(table).where(eq(table.eventId, event.id))).toEqual([]);
    }
  });
});

describe('bulk', () => {
  it('publishes the chosen events and reports unknown ids', async () => {
    const a = await created({ title: 'Bulk A' });
    const b = await created({ title: 'Bulk B' });
    const missing = '00000000-0000-4000-8000-00000000beef';
    const res = await asAdmin('POST', '/api/admin/events/bulk/publish', { ids: [a.id, b.id, missing] });
    expect(res.status).toBe(200);
    expect(((await res.json()) as BulkEventAnswer).results).toEqual([
      { id: a.id, ok: true },
      { id: b.id, ok: true },
      { id: missing, ok: false, message: M.notFound },
    ]);
    expect((await row(a.id))?.status).toBe('published');
    expect((await row(b.id))?.status).toBe('published');
    const empty = await asAdmin('POST', '/api/admin/events/bulk/publish', { ids: [] });
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as ErrorBody).error.message).toBe(M.bulkEmpty);
  });

  it('deletes what may be deleted and reports the others per event', async () => {
    const free = await createEvent(t.database.db);
    const booked = await createEvent(t.database.db);
    const buyer = await createUser(t.database.db);
    await createBooking(t.database.db, { event: booked, profileId: buyer.profile.id });
    const res = await asAdmin('POST', '/api/admin/events/bulk/delete', { ids: [free.id, booked.id] });
    expect(((await res.json()) as BulkEventAnswer).results).toEqual([
      { id: free.id, ok: true },
      { id: booked.id, ok: false, message: M.deleteHasBookings },
    ]);
    expect(await row(free.id)).toBeUndefined();
    expect(await row(booked.id)).toBeDefined();
  });
});

describe('organizers', () => {
  it('applies the organizer list as a difference', async () => {
    const [a, b, c] = await Promise.all(
      (['organizer', 'organizer', 'admin'] as const).map((role) => createUser(t.database.db, { role })),
    );
    const event = await created({ organizerIds: [a!.user.id, b!.user.id] });
    expect(new Set(event.organizerIds)).toEqual(new Set([a!.user.id, b!.user.id]));
    const linkOf = async (userId: string) =>
      (
        await t.database.db
          .select()
          .from(eventOrganizers)
          .where(and(eq(eventOrganizers.eventId, event.id), eq(eventOrganizers.userId, userId)))
      )[0];
    const kept = await linkOf(b!.user.id);

    const res = await asAdmin('PATCH', `/api/admin/events/${event.id}`, {
      organizerIds: [b!.user.id, c!.user.id],
    });
    const saved = (await res.json()) as AdminEvent;
    expect(new Set(saved.organizerIds)).toEqual(new Set([b!.user.id, c!.user.id]));
    expect(await linkOf(a!.user.id)).toBeUndefined();
    // the one that stayed was not removed and re-added
    expect((await linkOf(b!.user.id))?.createdAt.getTime()).toBe(kept!.createdAt.getTime());

    // a PATCH without organizerIds leaves them alone; an empty list removes all
    await asAdmin('PATCH', `/api/admin/events/${event.id}`, { title: 'Ohne Änderung der Veranstalter' });
    expect(
      (await (await asAdmin('GET', `/api/admin/events/${event.id}`)).json()) as AdminEvent,
    ).toMatchObject({
      organizerIds: expect.arrayContaining([b!.user.id, c!.user.id]),
    });
    const cleared = await asAdmin('PATCH', `/api/admin/events/${event.id}`, { organizerIds: [] });
    expect(((await cleared.json()) as AdminEvent).organizerIds).toEqual([]);
  });
});

describe('list', () => {
  it('lists every event: upcoming ascending, then past descending, with seats and sold tickets', async () => {
    const db = t.database.db;
    const mark = `Liste ${Date.now()}`;
    const later = await createEvent(db, {
      title: `${mark} später`,
      startTime: new Date(Date.now() + 9 * DAY),
    });
    const sooner = await createEvent(db, {
      title: `${mark} bald`,
      startTime: new Date(Date.now() + 2 * DAY),
      status: 'draft',
      hidden: true,
    });
    const longAgo = await createEvent(db, {
      title: `${mark} lange her`,
      startTime: new Date(Date.now() - 40 * DAY),
      status: 'completed',
    });
    const recent = await createEvent(db, {
      title: `${mark} neulich`,
      startTime: new Date(Date.now() - 2 * DAY),
    });
    const buyer = await createUser(db);
    await createBooking(db, { event: later, profileId: buyer.profile.id, quantity: 2 });

    const res = await asAdmin('GET', '/api/admin/events');
    const list = ((await res.json()) as AdminEventListItem[]).filter((item) => item.title.startsWith(mark));
    expect(list.map((item) => [item.id, item.isPast])).toEqual([
      [sooner.id, false],
      [later.id, false],
      [recent.id, true],
      [longAgo.id, true],
    ]);
    expect(list[0]).toMatchObject({ status: 'draft', hidden: true });
    expect(list[1]).toMatchObject({ totalSeats: 20, availableSeats: 18, soldTickets: 2 });
  });
});

describe('cover upload', () => {
  it('rejects a non-image and stores a PNG as the featured WebP cover', async () => {
    const event = await created({ title: 'Cover Test' });
    const fake = await uploadCover(event.id, cookies.admin, Buffer.from('<svg>kein Bild</svg>'), 'bild.png');
    expect(fake.status).toBe(400);
    expect(((await fake.json()) as ErrorBody).error.message).toBe(IMAGE_TYPE_MESSAGE);
    expect(
      await t.database.db
        .select()
        .from(eventMedia)
        .where(and(eq(eventMedia.eventId, event.id), eq(eventMedia.title, 'Cover'))),
    ).toEqual([]);

    const first = (await (
      await uploadCover(event.id, cookies.admin, await png())
    ).json()) as CoverUploadAnswer;
    const res = await uploadCover(event.id, cookies.admin, await png(1200, 426));
    expect(res.status).toBe(200);
    const second = (await res.json()) as CoverUploadAnswer;
    expect(second.url).toMatch(new RegExp(`^/uploads/event-media/${event.id}/cover-\\d+\\.webp$`));
    expect(second.event.imageUrl).toBe(second.url);
    expect((await row(event.id))?.imageUrl).toBe(second.url);

    const media = await t.database.db
      .select()
      .from(eventMedia)
      .where(and(eq(eventMedia.eventId, event.id), eq(eventMedia.title, 'Cover')));
    expect(media.map((m) => [m.url, m.isFeatured, m.title]).sort()).toEqual(
      [
        [first.url, false, 'Cover'],
        [second.url, true, 'Cover'],
      ].sort(),
    );
    const served = await t.app.request(second.url);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1409, 500]);
  });
});

describe('cancelling with refunds', () => {
  it('reports active tickets, refuses refundAll without "Abgesagt", and refunds every ticket in full with it', async () => {
    const db = t.database.db;
    const event = await createEvent(db, { priceCents: 4900 });
    const buyer = await createUser(db);
    const { booking } = await createBooking(db, { event, profileId: buyer.profile.id, quantity: 2 });
    const one = (await (await asAdmin('GET', `/api/admin/events/${event.id}`)).json()) as AdminEvent;
    expect(one.activeTicketCount).toBe(2);

    const wrong = await asAdmin('PATCH', `/api/admin/events/${event.id}`, { refundAll: true });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as ErrorBody).error.message).toBe(M.refundAllNeedsCancelled);
    expect((await row(event.id))?.status).toBe('published');

    // without refundAll the tickets stay
    const plain = await asAdmin('PATCH', `/api/admin/events/${event.id}`, { status: 'completed' });
    expect((await plain.json()) as AdminEvent).toMatchObject({ status: 'completed', activeTicketCount: 2 });

    const res = await asAdmin('PATCH', `/api/admin/events/${event.id}`, {
      status: 'cancelled',
      refundAll: true,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()) as AdminEvent).toMatchObject({ status: 'cancelled', activeTicketCount: 0 });
    const issued = await db.select().from(tickets).where(eq(tickets.eventId, event.id));
    expect(issued.map((ticket) => ticket.status)).toEqual(['canceled', 'canceled']);
    const refunded = await db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(refunded.reduce((sum, refund) => sum + refund.amountCents, 0)).toBe(2 * 4900);
    expect(await seatInvariantViolations(db)).toEqual([]);
  });
});

describe('change notifications', () => {
  it('announces every change on the event channel, so public caches and live seats refresh', async () => {
    const feed = createSeatFeed(t.database, createLogger('silent'));
    const heard: FeedEvent[] = [];
    const onHeard = new Set<() => void>();
    feed.watch((message) => {
      heard.push(message);
      for (const check of onHeard) check();
    });
    await feed.start();
    try {
      /** The event changes heard so far, each as its event id (null: all events). */
      const eventChanges = () =>
        heard.flatMap((message) => (message.kind === 'event' ? [message.eventId] : []));
      /** Resolves once a change of `id` is heard, with the event changes heard until then, and forgets them. */
      const until = (id: string) =>
        new Promise<(string | null)[]>((resolve, reject) => {
          const timer = setTimeout(() => {
            onHeard.delete(check);
            reject(new Error(`no change of ${id} heard within 5 s`));
          }, 5000);
          const check = () => {
            const changes = eventChanges();
            if (!changes.includes(id)) return;
            clearTimeout(timer);
            onHeard.delete(check);
            heard.length = 0;
            resolve(changes);
          };
          onHeard.add(check);
          check();
        });
      const event = await created({ title: 'Angekündigt' });
      await until(event.id);
      await asAdmin('PATCH', `/api/admin/events/${event.id}`, { totalSeats: 30 });
      await until(event.id);
      await uploadCover(event.id, cookies.admin, await png());
      await until(event.id);
      await asAdmin('POST', '/api/admin/events/bulk/publish', { ids: [event.id] });
      await until(event.id);
      await asAdmin('DELETE', `/api/admin/events/${event.id}`);
      await until(event.id);
      // a refused change is rolled back and announces nothing: the next change is heard, and nothing before it
      await asAdmin('PATCH', `/api/admin/events/${event.id}`, { title: '' });
      const next = await created({ title: 'Danach' });
      expect(new Set(await until(next.id))).toEqual(new Set([next.id]));
    } finally {
      await feed.stop();
    }
  });
});
