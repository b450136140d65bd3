import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiBooking,
  ApiCategory,
  ApiEvent,
  ApiParticipant,
  ApiTicket,
  CheckInResult,
  Page,
} from '@shared/api-v1';
import { API_V1_MESSAGES } from '@shared/api-v1';
import { createApiKey } from '@server/core/api-keys/create-api-key';
import { createBooking, createEvent, createUser } from '@server/demo/factories';
import type { Event } from '@server/db/types';
import { events, tickets } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { newApiKey, v1 } from '../helpers/api-keys';
import { DAY, signedInUser, type ErrorBody } from '../helpers/tickets';

// The REST API /api/v1 (docs/product/api.md): keys and scopes (docs/product/api.md#auth), the rate limit
// (docs/product/api.md#rate-limit), errors (docs/product/api.md#errors), pagination
// (docs/product/api.md#pagination) and each endpoint (docs/product/api.md#endpoints).

let t: TestApp;
let admin: { cookie: string; id: string };
let readKey: string;
let allKey: string;
let checkInKey: string;
let event: Event;
let buyerId: string;
const db = () => t.database.db;

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await res;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return (await answer.json()) as T;
}

/** Every item of a list, page by page with `limit`; asserts the pages end. */
async function walk<T>(path: string, limit: number, between?: (page: number) => Promise<void>) {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const separator = path.includes('?') ? '&' : '?';
    const query = `${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const body: Page<T> = await json<Page<T>>(v1(t, path + query, readKey));
    expect(body.data.length).toBeLessThanOrEqual(limit);
    items.push(...body.data);
    if (!body.next_cursor) return items;
    cursor = body.next_cursor;
    await between?.(page);
  }
  throw new Error('no last page');
}

beforeAll(async () => {
  t = await createTestApp({ env: { API_RATE_LIMIT: '1000' } });
  admin = await signedInUser(t, 'admin');
  readKey = (await newApiKey(t, admin.cookie, ['read'])).secret;
  allKey = (await newApiKey(t, admin.cookie, ['read', 'write', 'check_in'])).secret;
  checkInKey = (await newApiKey(t, admin.cookie, ['check_in'])).secret;
  event = await createEvent(db(), { title: 'API-Workshop', startTime: new Date(Date.now() + 2 * DAY) });
  buyerId = (await createUser(db(), { name: 'Berta Beispiel' })).user.id;
});
afterAll(() => t.close());

describe('keys and scopes', () => {
  it('refuses a missing, malformed or unknown key with 401 and WWW-Authenticate', async () => {
    const cases: [string | null, string][] = [
      [null, API_V1_MESSAGES.missingKey],
      ['kein-schluessel', API_V1_MESSAGES.unknownKey],
      [`tsk_${'A'.repeat(43)}`, API_V1_MESSAGES.unknownKey],
    ];
    for (const [key, message] of cases) {
      const res = await v1(t, '/events', key);
      expect(res.status).toBe(401);
      expect(res.headers.get('WWW-Authenticate')).toMatch(/^Bearer realm="api"/);
      expect(await res.json()).toEqual({ error: { code: 'unauthorized', message } });
    }
  });

  it('refuses a key without the route’s scope with 403 and changes nothing', async () => {
    const booked = await createBooking(db(), { event, profileId: buyerId });
    const ticketId = booked.tickets[0]!.id;
    const cancel = await v1(t, `/tickets/${ticketId}/cancel`, readKey, { method: 'POST', body: {} });
    expect(cancel.status).toBe(403);
    expect(cancel.headers.get('WWW-Authenticate')).toContain('error="insufficient_scope", scope="write"');
    expect(((await cancel.json()) as ErrorBody).error).toEqual({
      code: 'forbidden',
      message: API_V1_MESSAGES.scope('Schreiben'),
    });
    const checkIn = await v1(t, `/events/${event.id}/check-ins`, readKey, {
      method: 'POST',
      body: { ticket_id: ticketId },
    });
    expect(checkIn.status).toBe(403);
    expect((await v1(t, '/events', checkInKey)).status).toBe(403);
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ticketId));
    expect(row).toMatchObject({ status: 'active', checkedInAt: null });
  });

  it('takes no cookie and needs no CSRF origin', async () => {
    const withCookie = await v1(t, '/events', null, { headers: { cookie: admin.cookie } });
    expect(withCookie.status).toBe(401);
    const booked = await createBooking(db(), { event, profileId: buyerId });
    const res = await v1(t, `/events/${event.id}/check-ins`, checkInKey, {
      method: 'POST',
      body: { ticket_id: booked.tickets[0]!.id },
      headers: { Origin: 'https://elsewhere.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the key’s limit, and other keys go on', async () => {
    const limited = await createTestApp({ env: { API_RATE_LIMIT: '3' }, database: t.database });
    // the other app signs sessions with another secret: keys made in the core directly
    const keyOf = async () =>
      (
        await createApiKey({
          db: db(),
          actor: { id: admin.id, role: 'admin' },
          input: { name: 'Eng', scopes: ['read'] },
        })
      ).secret;
    const key = await keyOf();
    for (let i = 1; i <= 3; i++) {
      const res = await v1(limited, '/events?limit=1', key);
      expect(res.status).toBe(200);
      expect(res.headers.get('RateLimit-Limit')).toBe('3');
      expect(res.headers.get('RateLimit-Remaining')).toBe(String(3 - i));
      expect(Number(res.headers.get('RateLimit-Reset'))).toBeGreaterThan(0);
    }
    const refused = await v1(limited, '/events?limit=1', key);
    expect(refused.status).toBe(429);
    const retry = Number(refused.headers.get('Retry-After'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(refused.headers.get('RateLimit-Remaining')).toBe('0');
    expect(((await refused.json()) as ErrorBody).error).toEqual({
      code: 'rate_limited',
      message: API_V1_MESSAGES.rateLimited(retry),
    });
    const other = await keyOf();
    expect((await v1(limited, '/events?limit=1', other)).status).toBe(200);
    await limited.close();
  });
});

describe('errors', () => {
  it('answers bad input with a stable code and a German message', async () => {
    const unknown = await json<ErrorBody>(v1(t, `/events/${crypto.randomUUID()}`, readKey), 404);
    expect(unknown.error).toEqual({ code: 'not_found', message: API_V1_MESSAGES.eventNotFound });
    const badId = await json<ErrorBody>(v1(t, '/events/123', readKey), 422);
    expect(badId.error).toMatchObject({ code: 'validation_failed', message: API_V1_MESSAGES.id });
    const badLimit = await json<ErrorBody>(v1(t, '/events?limit=101', readKey), 422);
    expect(badLimit.error.message).toBe(API_V1_MESSAGES.limit);
    const badCursor = await json<ErrorBody>(v1(t, '/tickets?cursor=bm9wZQ', readKey), 422);
    expect(badCursor.error).toMatchObject({ code: 'validation_failed', message: API_V1_MESSAGES.cursor });
    const badStatus = await json<ErrorBody>(v1(t, '/events?status=geheim', readKey), 422);
    expect(badStatus.error.message).toBe(API_V1_MESSAGES.status);
    const noRoute = await json<ErrorBody>(v1(t, '/gibt-es-nicht', readKey), 404);
    expect(noRoute.error.code).toBe('not_found');
    const badJson = await t.app.request(`/api/v1/events/${event.id}/check-ins`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${checkInKey}`, 'Content-Type': 'application/json' },
      body: '{kaputt',
    });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as ErrorBody).error.code).toBe('invalid_json');
  });
});

describe('events', () => {
  it('lists every event in pages by start, also drafts, and gets one', async () => {
    const draft = await createEvent(db(), { status: 'draft', startTime: new Date(Date.now() + 3 * DAY) });
    const all = await walk<ApiEvent>('/events', 2);
    const ids = all.map((each) => each.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(draft.id);
    const starts = all.map((each) => each.start_time);
    expect([...starts].sort()).toEqual(starts);
    const drafts = await json<Page<ApiEvent>>(v1(t, '/events?status=draft&limit=100', readKey));
    expect(drafts.data.every((each) => each.status === 'draft')).toBe(true);
    const one = await json<ApiEvent>(v1(t, `/events/${event.id}`, readKey));
    expect(one).toMatchObject({
      id: event.id,
      title: 'API-Workshop',
      status: 'published',
      time_zone: 'Europe/Berlin',
      price_cents: 4900,
      currency: 'EUR',
      url: `${t.config.publicUrl}/event/${event.slug}`,
    });
  });

  it('pages stay stable while events are added before and after the cursor', async () => {
    const base = Date.now() + 400 * DAY;
    const made: Event[] = [];
    for (let i = 0; i < 7; i++) made.push(await createEvent(db(), { startTime: new Date(base + i * DAY) }));
    // two events at the same start: the id breaks the tie
    made.push(await createEvent(db(), { startTime: new Date(base + 3 * DAY) }));
    const after = new Date(base - 1).toISOString();
    const seen = await walk<ApiEvent>(`/events?starts_after=${after}`, 3, async (page) => {
      if (page !== 0) return;
      // one before the cursor (already passed) and one after it (still to come)
      await createEvent(db(), { startTime: new Date(base) });
      made.push(await createEvent(db(), { startTime: new Date(base + 10 * DAY) }));
    });
    const ids = seen.map((each) => each.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const each of made) expect(ids).toContain(each.id);
  });

  it('lists an event’s categories with their free seats', async () => {
    const { data } = await json<{ data: ApiCategory[] }>(v1(t, `/events/${event.id}/categories`, readKey));
    expect(data.length).toBeGreaterThan(0);
    expect(data[0]).toMatchObject({ event_id: event.id, price_cents: 4900, requires_code: false });
    const [row] = await db().select().from(events).where(eq(events.id, event.id));
    expect(data[0]!.available_seats).toBe(row!.availableSeats);
  });
});

describe('bookings and tickets', () => {
  it('pages bookings created in one transaction (same time) without repeats or gaps', async () => {
    const target = await createEvent(db(), { totalSeats: 50 });
    const made = await db().transaction(async (tx) => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++)
        ids.push((await createBooking(tx, { event: target, profileId: buyerId })).booking.id);
      return ids;
    });
    const seen = await walk<ApiBooking>(`/bookings?event_id=${target.id}`, 2);
    expect(seen.map((each) => each.id).sort()).toEqual([...made].sort());
    const one = await json<ApiBooking>(v1(t, `/bookings/${made[0]}`, readKey));
    expect(one).toMatchObject({
      id: made[0],
      event_id: target.id,
      status: 'confirmed',
      payment_status: 'paid',
      total_amount_cents: 4900,
      buyer: { name: 'Berta Beispiel' },
    });
    expect(one.lines).toEqual([
      expect.objectContaining({ name: 'Ticket', quantity: 1, unit_price_cents: 4900 }),
    ]);
    expect((await v1(t, `/bookings/${crypto.randomUUID()}`, readKey)).status).toBe(404);
  });

  it('lists tickets by event and status and gets one', async () => {
    const target = await createEvent(db(), { totalSeats: 50 });
    const booked = await createBooking(db(), { event: target, profileId: buyerId, quantity: 3 });
    const seen = await walk<ApiTicket>(`/tickets?event_id=${target.id}`, 2);
    expect(seen.map((each) => each.id).sort()).toEqual(booked.tickets.map((each) => each.id).sort());
    const one = await json<ApiTicket>(v1(t, `/tickets/${booked.tickets[0]!.id}`, readKey));
    expect(one).toMatchObject({ booking_id: booked.booking.id, status: 'active', checked_in_at: null });
    expect(one.code).toBe(one.ticket_number.slice(-4));
    const cancelled = await json<Page<ApiTicket>>(
      v1(t, `/tickets?event_id=${target.id}&status=cancelled`, readKey),
    );
    expect(cancelled.data).toEqual([]);
    const test = await createBooking(db(), { event: target, profileId: buyerId, isTest: true });
    const onlyTest = await json<Page<ApiTicket>>(
      v1(t, `/tickets?event_id=${target.id}&is_test=true`, readKey),
    );
    expect(onlyTest.data.map((each) => [each.id, each.is_test])).toEqual([[test.tickets[0]!.id, true]]);
    const real = await json<Page<ApiTicket>>(v1(t, `/tickets?event_id=${target.id}&is_test=false`, readKey));
    expect(real.data).toHaveLength(3);
    const bookingsOfTest = await json<Page<ApiBooking>>(
      v1(t, `/bookings?event_id=${target.id}&is_test=true`, readKey),
    );
    expect(bookingsOfTest.data.map((each) => each.id)).toEqual([test.booking.id]);
  });

  it('cancels a ticket with the write scope: seat back, refund per policy, twice is 409', async () => {
    const target = await createEvent(db(), { totalSeats: 10, startTime: new Date(Date.now() + 60 * DAY) });
    const booked = await createBooking(db(), { event: target, profileId: buyerId, quantity: 2 });
    const ticketId = booked.tickets[0]!.id;
    const seatsBefore = (await db().select().from(events).where(eq(events.id, target.id)))[0]!.availableSeats;
    const result = await json<{
      ticket: ApiTicket;
      refund: { amount_cents: number } | null;
      message: string;
    }>(
      v1(t, `/tickets/${ticketId}/cancel`, allKey, { method: 'POST', body: { reason: 'Per API storniert' } }),
    );
    expect(result.ticket).toMatchObject({ id: ticketId, status: 'cancelled' });
    expect(result.ticket.cancelled_at).not.toBeNull();
    expect(result.refund?.amount_cents).toBeGreaterThan(0);
    const seatsAfter = (await db().select().from(events).where(eq(events.id, target.id)))[0]!.availableSeats;
    expect(seatsAfter).toBe(seatsBefore + 1);
    const again = await json<ErrorBody>(
      v1(t, `/tickets/${ticketId}/cancel`, allKey, { method: 'POST', body: {} }),
      409,
    );
    expect(again.error.code).toBe('conflict');
    const listed = await json<Page<ApiTicket>>(
      v1(t, `/tickets?event_id=${target.id}&status=cancelled`, readKey),
    );
    expect(listed.data.map((each) => each.id)).toEqual([ticketId]);
  });
});

describe('participants and check-in', () => {
  it('lists participants in pages by ticket number', async () => {
    const target = await createEvent(db(), { totalSeats: 50 });
    const booked = await createBooking(db(), { event: target, profileId: buyerId, quantity: 5 });
    const seen = await walk<ApiParticipant>(`/events/${target.id}/participants`, 2);
    const numbers = seen.map((each) => each.ticket_number);
    expect(numbers).toEqual(booked.tickets.map((each) => each.ticketNumber).sort());
    expect(seen[0]).toMatchObject({ buyer_name: 'Berta Beispiel', state: 'active', checked_in_at: null });
  });

  it('checks in by id and by the 4-digit code; the second time is already', async () => {
    const booked = await createBooking(db(), { event, profileId: buyerId, quantity: 2 });
    const [first, second] = booked.tickets;
    const path = `/events/${event.id}/check-ins`;
    const done = await json<CheckInResult>(
      v1(t, path, checkInKey, { method: 'POST', body: { ticket_id: first!.id } }),
    );
    expect(done.result).toBe('checked_in');
    expect(done.participant).toMatchObject({ ticket_id: first!.id, state: 'checked_in' });
    const again = await json<CheckInResult>(
      v1(t, path, checkInKey, { method: 'POST', body: { ticket_id: first!.id } }),
    );
    expect(again.result).toBe('already');
    const [row] = await db().select().from(tickets).where(eq(tickets.id, first!.id));
    expect(row!.checkedInBy).toBe(admin.id);
    const byCode = await json<CheckInResult>(
      v1(t, path, checkInKey, { method: 'POST', body: { scan: second!.ticketNumber.slice(-4) } }),
    );
    expect(byCode).toMatchObject({ result: 'checked_in', participant: { ticket_id: second!.id } });
    const other = await createEvent(db());
    const elsewhere = await json<CheckInResult>(
      v1(t, `/events/${other.id}/check-ins`, checkInKey, { method: 'POST', body: { ticket_id: first!.id } }),
    );
    expect(elsewhere).toEqual({ result: 'other_event', participant: null });
    const empty = await json<ErrorBody>(v1(t, path, checkInKey, { method: 'POST', body: {} }), 422);
    expect(empty.error.message).toBe('Bitte sende „ticket_id“ oder „scan“.');
  });
});
