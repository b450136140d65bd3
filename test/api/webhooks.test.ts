import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ticketBarcodeContent } from '@shared/tickets';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  type CreatedWebhookEndpoint,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from '@shared/webhooks';
import { createBooking, createEvent } from '@server/demo/factories';
import { mailOutbox, webhookDeliveries, webhookEndpoints } from '@server/db/schema';
import { deliverDueWebhooks, WEBHOOK_MAX_ATTEMPTS } from '@server/core/webhooks/deliver-webhooks';
import { webhookHeaders } from '@server/core/webhooks/sign-webhook';
import { newWebhookSecret as newSecret } from '@server/core/webhooks/webhook-endpoints';
import { isPublicAddress, resolveWebhookAddress, UnsafeWebhookUrl } from '@server/core/webhooks/url-safety';
import { createLogger } from '@server/logger';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { DAY, signedInUser, type ErrorBody } from '../helpers/tickets';
import { startWebhookReceiver } from '../helpers/webhook-receiver';

// Outgoing webhooks (docs/product/webhooks.md): endpoints and their checks, the messages each change writes in
// its transaction (docs/product/webhooks.md#event-types), signing (docs/product/webhooks.md#signing), retries
// with back-off on a controllable clock (docs/product/webhooks.md#retries), the failing mail
// (docs/product/webhooks.md#failing), SSRF (docs/product/webhooks.md#ssrf) and 'Erneut senden'
// (docs/product/webhooks.md#resend).

type Person = { cookie: string; id: string; email: string };
type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

let t: TestApp;
/** The same database without WEBHOOKS_ALLOW_PRIVATE: the production setting. */
let strict: TestApp;
let admin: Person;
let buyer: Person;
let receiver: Receiver;
let endpoint: CreatedWebhookEndpoint;

const db = () => t.database.db;
const as = (cookie: string) => ({ cookie });
const send = (method: string, path: string, body?: unknown, cookie = admin.cookie, app = t) =>
  app.app.request(path, {
    method,
    headers: { 'Content-Type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function createEndpoint(body: Record<string, unknown>, app = t): Promise<Response> {
  return send('POST', '/api/admin/webhooks', body, admin.cookie, app);
}

/** The deliveries to the shared endpoint of `type` whose data names `id` somewhere. */
async function deliveriesOf(type: string, id: string) {
  const rows = await db()
    .select()
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.eventType, type as never)),
    );
  return rows.filter((row) => JSON.stringify(row.payload).includes(id));
}

let clock = new Date('2026-12-01T10:00:00Z');
const worker = (overrides: Partial<Parameters<typeof deliverDueWebhooks>[0]> = {}) => ({
  database: t.database,
  config: t.config,
  settings: t.settings,
  logger: createLogger('silent'),
  outbox: { kick: () => undefined },
  now: () => clock,
  ...overrides,
});

beforeAll(async () => {
  // one secret for both, so a session of one is a session of the other
  const APP_SECRET = 'webhooks-test-secret-of-32-characters-at-least';
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true', APP_SECRET } });
  strict = await createTestApp({ database: t.database, env: { APP_SECRET } });
  admin = await signedInUser(t, 'admin');
  buyer = await signedInUser(t);
  receiver = await startWebhookReceiver();
  const res = await createEndpoint({
    url: receiver.url(),
    description: 'Alle',
    eventTypes: [...WEBHOOK_EVENT_TYPES],
  });
  expect(res.status, await res.clone().text()).toBe(201);
  endpoint = (await res.json()) as CreatedWebhookEndpoint;
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(() => {
  receiver.setAnswer(() => ({ status: 200 }));
});

describe('signing', () => {
  it('matches the example vector of the Standard Webhooks spec', () => {
    const headers = webhookHeaders(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      new Date(1614265330 * 1000),
      '{"test": 2432232314}',
    );
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });
});

describe('endpoints', () => {
  it('creates with a secret shown once, lists without it, shows it on demand', async () => {
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(endpoint.secret.slice(6), 'base64')).toHaveLength(24);
    const list = (await (await send('GET', '/api/admin/webhooks')).json()) as WebhookEndpointView[];
    const listed = list.find((row) => row.id === endpoint.id)!;
    expect(listed).toMatchObject({
      url: receiver.url(),
      description: 'Alle',
      active: true,
      failingSince: null,
    });
    expect(JSON.stringify(list)).not.toContain(endpoint.secret);
    const secret = await send('GET', `/api/admin/webhooks/${endpoint.id}/secret`);
    expect(secret.headers.get('cache-control')).toContain('no-store');
    expect(await secret.json()).toEqual({ secret: endpoint.secret });
  });

  it('is for admins only', async () => {
    expect((await send('GET', '/api/admin/webhooks', undefined, buyer.cookie)).status).toBe(403);
    expect(
      (await send('GET', `/api/admin/webhooks/${endpoint.id}/secret`, undefined, buyer.cookie)).status,
    ).toBe(403);
    expect(
      (
        await send(
          'POST',
          '/api/admin/webhooks',
          { url: 'https://example.org', eventTypes: ['booking.paid'] },
          buyer.cookie,
        )
      ).status,
    ).toBe(403);
  });

  it('refuses bad input with a German message and saves nothing', async () => {
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints);
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'https://example.org/hook', eventTypes: [] }, WEBHOOK_MESSAGES.typesRequired],
      [{ url: 'https://example.org/hook', eventTypes: ['order.created'] }, WEBHOOK_MESSAGES.typeUnknown],
      [{ url: '', eventTypes: ['booking.paid'] }, WEBHOOK_MESSAGES.urlRequired],
      [{ url: 'kein link', eventTypes: ['booking.paid'] }, WEBHOOK_MESSAGES.urlInvalid],
      [{ url: 'ftp://example.org/hook', eventTypes: ['booking.paid'] }, WEBHOOK_MESSAGES.urlProtocol],
      [
        { url: 'https://user:pw@example.org/hook', eventTypes: ['booking.paid'] },
        WEBHOOK_MESSAGES.urlCredentials,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await createEndpoint(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints);
    expect(after).toEqual(before);
  });

  it('refuses private, loopback, link-local and unique-local addresses when saved (SSRF)', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.1.2.3/hook',
      'http://172.16.0.9/hook',
      'https://192.168.178.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/hook',
      'http://[::1]/hook',
      'http://[fd00::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0.0.0.0/hook',
      'http://224.0.0.1/hook',
    ]) {
      const res = await createEndpoint({ url, eventTypes: ['booking.paid'] }, strict);
      expect(res.status, url).toBe(422);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.message, url).toBe(WEBHOOK_MESSAGES.urlPrivate);
    }
    // the same check on an edit
    const res = await send(
      'PATCH',
      `/api/admin/webhooks/${endpoint.id}`,
      { url: 'http://10.0.0.1/x' },
      admin.cookie,
      strict,
    );
    expect(res.status).toBe(422);
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.url).toBe(receiver.url());
  });

  it('classifies addresses and refuses a name with any private answer', async () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '169.254.169.254',
      '::1',
      'fc00::1',
      '::ffff:10.0.0.1',
      'nonsense',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    const url = new URL('https://hooks.example.org/x');
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    await expect(resolveWebhookAddress(url, { allowPrivate: false, lookup: mixed })).rejects.toThrow(
      UnsafeWebhookUrl,
    );
    const fine = async () => [{ address: '93.184.216.34', family: 4 }];
    await expect(resolveWebhookAddress(url, { allowPrivate: false, lookup: fine })).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });
});

describe('messages written with each change', () => {
  it('booking.paid for a free booking, once, with ids and amounts but no personal data', async () => {
    const event = await createEvent(db(), { priceCents: 0, title: 'Freier Abend' });
    const res = await post(
      t,
      '/api/bookings',
      { eventId: event.id, quantity: 2, holderName: 'Anna Beispiel' },
      as(buyer.cookie),
    );
    expect(res.status).toBe(201);
    const booking = (await res.json()) as { id: string; orderNumber: string };
    const [delivery, ...more] = await deliveriesOf('booking.paid', booking.id);
    expect(more).toEqual([]);
    expect(delivery!.payload).toMatchObject({
      type: 'booking.paid',
      timestamp: expect.any(String),
      data: {
        booking: {
          id: booking.id,
          order_number: booking.orderNumber,
          amount_cents: 0,
          currency: 'EUR',
          seats: 2,
        },
        event: { id: event.id, slug: event.slug },
        tickets: [expect.objectContaining({ price_cents: 0 }), expect.objectContaining({ price_cents: 0 })],
      },
    });
    const text = JSON.stringify(delivery!.payload);
    expect(text).not.toContain(buyer.email);
    expect(text).not.toContain('Anna');
  });

  it('booking.paid for a paid booking when the payment completes, not twice', async () => {
    const event = await createEvent(db(), { priceCents: 2500 });
    const booked = await post(
      t,
      '/api/bookings',
      { eventId: event.id, quantity: 1, holderName: 'Anna' },
      as(buyer.cookie),
    );
    const booking = (await booked.json()) as { id: string };
    expect(await deliveriesOf('booking.paid', booking.id)).toEqual([]); // held, not paid
    expect((await post(t, `/api/bookings/${booking.id}/payment`, {}, as(buyer.cookie))).status).toBe(200);
    expect(
      (await post(t, `/api/bookings/${booking.id}/payment/test/complete`, {}, as(buyer.cookie))).status,
    ).toBe(200);
    await post(t, `/api/bookings/${booking.id}/payment/test/complete`, {}, as(buyer.cookie));
    const deliveries = await deliveriesOf('booking.paid', booking.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.payload).toMatchObject({ data: { booking: { amount_cents: 2500 } } });
  });

  it('ticket.cancelled by the buyer and by an admin, with reason and refund', async () => {
    const event = await createEvent(db(), { priceCents: 0, startTime: new Date(Date.now() + 30 * DAY) });
    const { tickets } = await createBooking(db(), { event, profileId: buyer.id, quantity: 2 });
    expect((await post(t, `/api/tickets/${tickets[0]!.id}/cancel`, {}, as(buyer.cookie))).status).toBe(200);
    expect((await post(t, `/api/admin/tickets/${tickets[1]!.id}/cancel`, {}, as(admin.cookie))).status).toBe(
      200,
    );
    const [byBuyer] = await deliveriesOf('ticket.cancelled', tickets[0]!.id);
    const [byAdmin] = await deliveriesOf('ticket.cancelled', tickets[1]!.id);
    expect(byBuyer!.payload).toMatchObject({
      data: {
        ticket: { id: tickets[0]!.id, status: 'cancelled' },
        reason: 'requested_by_customer',
        refund_cents: 0,
      },
    });
    expect(byAdmin!.payload).toMatchObject({ data: { reason: 'cancelled_by_admin' } });
  });

  it('ticket.transferred and ticket.checked_in', async () => {
    const event = await createEvent(db(), { priceCents: 0, startTime: new Date(Date.now() + 2 * DAY) });
    const { tickets } = await createBooking(db(), { event, profileId: buyer.id, quantity: 2 });
    const moved = await post(
      t,
      `/api/tickets/${tickets[0]!.id}/transfer`,
      { name: 'Zora Beispiel', email: 'zora@example.org' },
      as(buyer.cookie),
    );
    expect(moved.status).toBe(200);
    const [transferred] = await deliveriesOf('ticket.transferred', tickets[0]!.id);
    expect(transferred!.payload).toMatchObject({
      data: { ticket: { id: tickets[0]!.id }, event: { id: event.id } },
    });
    expect(JSON.stringify(transferred!.payload)).not.toContain('zora');

    const scan = ticketBarcodeContent(tickets[1]!.id, tickets[1]!.ticketNumber);
    expect((await post(t, `/api/checkin/${event.id}`, { scan }, as(admin.cookie))).status).toBe(200);
    await post(t, `/api/checkin/${event.id}`, { scan }, as(admin.cookie)); // 'already': nothing new
    const checked = await deliveriesOf('ticket.checked_in', tickets[1]!.id);
    expect(checked).toHaveLength(1);
    expect(checked[0]!.payload).toMatchObject({ data: { checked_in_at: expect.any(String) } });
    expect(JSON.stringify(checked[0]!.payload)).not.toContain(tickets[1]!.ticketNumber);
  });

  it('event.published, event.changed for public fields only, event.cancelled with its tickets', async () => {
    const draft = await createEvent(db(), { status: 'draft', priceCents: 0 });
    await send('PATCH', `/api/admin/events/${draft.id}`, { title: 'Noch Entwurf' });
    expect(await deliveriesOf('event.changed', draft.id)).toEqual([]); // a draft is nobody's business
    expect((await send('POST', '/api/admin/events/bulk/publish', { ids: [draft.id] })).status).toBe(200);
    await send('POST', '/api/admin/events/bulk/publish', { ids: [draft.id] }); // already published
    expect(await deliveriesOf('event.published', draft.id)).toHaveLength(1);

    expect((await send('PATCH', `/api/admin/events/${draft.id}`, { title: 'Neuer Titel' })).status).toBe(200);
    const [changed, ...more] = await deliveriesOf('event.changed', draft.id);
    expect(more).toEqual([]);
    expect(changed!.payload).toMatchObject({ data: { event: { title: 'Neuer Titel' }, changed: ['title'] } });
    await send('PATCH', `/api/admin/events/${draft.id}`, { waitlistOfferHours: 12 }); // internal
    expect(await deliveriesOf('event.changed', draft.id)).toHaveLength(1);

    const { tickets } = await createBooking(db(), {
      event: { ...draft, status: 'published' },
      profileId: buyer.id,
    });
    const cancel = await send('PATCH', `/api/admin/events/${draft.id}`, {
      status: 'cancelled',
      refundAll: true,
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    expect(await deliveriesOf('event.cancelled', draft.id)).toHaveLength(1);
    const [ticketCancelled] = await deliveriesOf('ticket.cancelled', tickets[0]!.id);
    expect(ticketCancelled!.payload).toMatchObject({ data: { reason: 'event_cancelled' } });
  });

  it('writes nothing for a type the endpoint does not want, nor for an inactive endpoint', async () => {
    const only = (await (
      await createEndpoint({ url: receiver.url('/only'), eventTypes: ['event.cancelled'] })
    ).json()) as CreatedWebhookEndpoint;
    const off = (await (
      await createEndpoint({ url: receiver.url('/off'), eventTypes: ['booking.paid'], active: false })
    ).json()) as CreatedWebhookEndpoint;
    const event = await createEvent(db(), { priceCents: 0 });
    await post(t, '/api/bookings', { eventId: event.id, quantity: 1, holderName: 'Anna' }, as(buyer.cookie));
    for (const id of [only.id, off.id]) {
      const rows = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
      expect(rows).toEqual([]);
    }
    await send('DELETE', `/api/admin/webhooks/${only.id}`);
    await send('DELETE', `/api/admin/webhooks/${off.id}`);
  });
});

describe('delivery', () => {
  /** A fresh endpoint at `path` of the receiver with one message waiting; answers both ids. */
  async function oneWaiting(path: string, url = receiver.url(path)) {
    const [row] = await db()
      .insert(webhookEndpoints)
      .values({ url, eventTypes: ['event.changed'], secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })
      .returning();
    const [delivery] = await db()
      .insert(webhookDeliveries)
      .values({
        endpointId: row!.id,
        eventType: 'event.changed',
        payload: { type: 'event.changed', timestamp: clock.toISOString(), data: { event: { id: path } } },
        nextAttemptAt: clock,
        createdAt: clock,
      })
      .returning();
    return { endpointId: row!.id, deliveryId: delivery!.id };
  }
  const deliveryRow = async (id: string) =>
    (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;
  const toPath = (path: string) => receiver.received.filter((r) => r.path === path);
  /** Runs rounds until nothing due is left at the current clock. */
  async function drain(deps = worker()) {
    while ((await deliverDueWebhooks(deps)) > 0);
  }

  it('two rounds at once (two instances) send each delivery once', async () => {
    const waiting = await Promise.all(Array.from({ length: 12 }, (_, i) => oneWaiting(`/once-${i}`)));
    const counts = await Promise.all([deliverDueWebhooks(worker()), deliverDueWebhooks(worker())]);
    await drain();
    expect(counts[0] + counts[1]).toBeGreaterThanOrEqual(12);
    for (const [i, { deliveryId }] of waiting.entries()) {
      const requests = toPath(`/once-${i}`);
      expect(requests.map((request) => request.headers['webhook-id'])).toEqual([deliveryId]);
      expect((await deliveryRow(deliveryId)).status).toBe('sent');
    }
  });

  it('sends signed, verifiable requests and marks them sent', async () => {
    const { deliveryId } = await oneWaiting('/signed');
    await drain();
    const [request] = toPath('/signed');
    expect(request).toBeDefined();
    expect(request!.headers['webhook-id']).toBe(deliveryId);
    expect(request!.headers['content-type']).toBe('application/json');
    const expected = webhookHeaders(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      deliveryId,
      clock,
      request!.body,
    );
    expect(request!.headers['webhook-signature']).toBe(expected['webhook-signature']);
    expect(JSON.parse(request!.body)).toMatchObject({
      type: 'event.changed',
      data: { event: { id: '/signed' } },
    });
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: 'sent', attempts: 1, lastStatusCode: 200 });
  });

  it('retries a 500 with back-off (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), then fails and mails the admins once', async () => {
    receiver.setAnswer((request) => (request.path.startsWith('/down') ? { status: 500 } : { status: 200 }));
    const start = clock;
    const first = await oneWaiting('/down');
    const waits = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
    await drain();
    for (const wait of waits) {
      const row = await deliveryRow(first.deliveryId);
      expect(row).toMatchObject({ status: 'pending', lastStatusCode: 500 });
      expect(row.nextAttemptAt.getTime() - clock.getTime()).toBe(wait);
      clock = new Date(clock.getTime() + wait - 1);
      await drain(); // not due a millisecond early
      expect((await deliveryRow(first.deliveryId)).attempts).toBe(row.attempts);
      clock = new Date(clock.getTime() + 1);
      await drain();
    }
    const failed = await deliveryRow(first.deliveryId);
    expect(failed).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, lastStatusCode: 500 });
    expect(failed.lastError).toBe('Der Empfänger antwortete mit Status 500.');
    expect(toPath('/down')).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    expect(new Set(toPath('/down').map((r) => r.headers['webhook-id']))).toEqual(new Set([first.deliveryId]));
    const [ep] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, first.endpointId));
    expect(ep!.failingSince).toEqual(clock);
    const mails = () =>
      db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, admin.email), sql`${mailOutbox.subject} like 'Webhook schlägt fehl%'`));
    expect(await mails()).toHaveLength(1);
    expect((await mails())[0]!.text).toContain(receiver.url('/down'));

    // a second delivery to the same endpoint gives up too: no second mail
    const [second] = await db()
      .insert(webhookDeliveries)
      .values({
        endpointId: first.endpointId,
        eventType: 'event.changed',
        payload: { n: 2 },
        attempts: WEBHOOK_MAX_ATTEMPTS - 1,
        nextAttemptAt: clock,
      })
      .returning();
    await drain();
    expect((await deliveryRow(second!.id)).status).toBe('failed');
    expect(await mails()).toHaveLength(1);

    // 'Erneut senden' once it works again: the same id, a success clears the failing mark
    receiver.setAnswer(() => ({ status: 204 }));
    const resent = await send(
      'POST',
      `/api/admin/webhooks/${first.endpointId}/deliveries/${first.deliveryId}/resend`,
    );
    expect(resent.status).toBe(200);
    expect(await resent.json()).toMatchObject({ id: first.deliveryId, status: 'pending', attempts: 0 });
    await drain();
    expect(await deliveryRow(first.deliveryId)).toMatchObject({ status: 'sent', lastStatusCode: 204 });
    expect(toPath('/down').at(-1)!.headers['webhook-id']).toBe(first.deliveryId);
    const [healed] = await db()
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, first.endpointId));
    expect(healed!.failingSince).toBeNull();
    expect(clock.getTime() - start.getTime()).toBe(waits.reduce((a, b) => a + b, 0));
  });

  it('does not follow a redirect: a failed attempt with its status', async () => {
    receiver.setAnswer((request) =>
      request.path === '/moved'
        ? { status: 302, headers: { location: receiver.url('/target') } }
        : { status: 200 },
    );
    const { deliveryId } = await oneWaiting('/moved');
    await drain();
    expect(await deliveryRow(deliveryId)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: 302,
    });
    expect((await deliveryRow(deliveryId)).lastError).toContain('wird nicht verfolgt');
    expect(toPath('/target')).toEqual([]);
  });

  it('gives up an attempt that gets no answer within the timeout', async () => {
    receiver.setAnswer((request) => (request.path === '/slow' ? 'hang' : { status: 200 }));
    const { deliveryId } = await oneWaiting('/slow');
    await drain(worker({ timeoutMs: 300 }));
    expect(await deliveryRow(deliveryId)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: null,
    });
    expect((await deliveryRow(deliveryId)).lastError).toBe('Keine Antwort innerhalb von 0.3 s.');
  });

  it('checks the address again at send time: a private one is refused without a request', async () => {
    const { deliveryId } = await oneWaiting('/inside');
    await drain(worker({ config: { ...t.config, webhooksAllowPrivate: false } }));
    expect(toPath('/inside')).toEqual([]);
    expect(await deliveryRow(deliveryId)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: WEBHOOK_MESSAGES.urlPrivate,
    });
    // a name that resolves inside by now is refused the same way
    const named = await oneWaiting('/named', 'https://hooks.example.org/x');
    const inside = async () => [{ address: '10.0.0.7', family: 4 }];
    await drain(worker({ config: { ...t.config, webhooksAllowPrivate: false }, lookup: inside }));
    expect(await deliveryRow(named.deliveryId)).toMatchObject({
      attempts: 1,
      lastError: WEBHOOK_MESSAGES.urlPrivate,
    });
  });

  it('never blocks a booking: the endpoint is down, the booking is confirmed and its message waits', async () => {
    const down = (await (
      await createEndpoint({ url: 'http://127.0.0.1:9/unreachable', eventTypes: ['booking.paid'] })
    ).json()) as CreatedWebhookEndpoint;
    const event = await createEvent(db(), { priceCents: 0 });
    const res = await post(
      t,
      '/api/bookings',
      { eventId: event.id, quantity: 1, holderName: 'Anna' },
      as(buyer.cookie),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: 'confirmed' });
    await drain();
    const [row] = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, down.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(row!.lastError).toMatch(/^Verbindung fehlgeschlagen/);
    await send('DELETE', `/api/admin/webhooks/${down.id}`);
  });

  it("'Testnachricht senden' sends at once and answers the outcome; the log lists it", async () => {
    const res = await send('POST', `/api/admin/webhooks/${endpoint.id}/test`);
    expect(res.status).toBe(200);
    const delivery = (await res.json()) as WebhookDeliveryView;
    expect(delivery).toMatchObject({
      eventType: 'webhook.test',
      status: 'sent',
      attempts: 1,
      lastStatusCode: 200,
    });
    const request = receiver.received.at(-1)!;
    expect(request.headers['webhook-id']).toBe(delivery.id);
    // a Standard Webhooks library verifies it with the endpoint's secret (docs/product/webhooks.md#signing)
    const headers = Object.fromEntries(
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
        name,
        String(request.headers[name]),
      ]),
    );
    expect(new Webhook(endpoint.secret).verify(request.body, headers)).toMatchObject({
      type: 'webhook.test',
    });
    expect(() => new Webhook(newSecret()).verify(request.body, headers)).toThrow();
    const log = (await (
      await send('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`)
    ).json()) as WebhookDeliveryView[];
    expect(log.length).toBeLessThanOrEqual(50);
    expect(log[0]!.id).toBe(delivery.id);
  });

  it('deactivating gives up what waits; resend then asks to activate first', async () => {
    const { endpointId, deliveryId } = await oneWaiting('/paused');
    const res = await send('PATCH', `/api/admin/webhooks/${endpointId}`, { active: false });
    expect(res.status).toBe(200);
    expect(await deliveryRow(deliveryId)).toMatchObject({
      status: 'failed',
      lastError: 'Webhook deaktiviert.',
    });
    const again = await send('POST', `/api/admin/webhooks/${endpointId}/deliveries/${deliveryId}/resend`);
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.message).toBe(WEBHOOK_MESSAGES.inactive);
    expect((await send('DELETE', `/api/admin/webhooks/${endpointId}`)).status).toBe(204);
    expect((await send('GET', `/api/admin/webhooks/${endpointId}/deliveries`)).status).toBe(404);
  });
});
