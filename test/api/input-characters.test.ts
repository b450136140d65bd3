import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createCancellationPolicy, createEvent } from '@server/demo/factories';
import { createApp } from '@server/http/app';
import { handleError } from '@server/http/errors';
import { createLogger } from '@server/logger';
import { createServices } from '@server/services';
import { createTestApp, type TestApp } from '../helpers/app';
import { signIn, uniqueEmail } from '../helpers/auth';
import { signedInUser } from '../helpers/tickets';

// docs/decisions/017-input-edge-and-leaks.md: NUL and lone surrogates are refused at the edge.

const MESSAGE = 'Die Eingabe enthält ungültige Zeichen.';

let t: TestApp;
let admin = '';
let attendee = '';
/** Signed in, no profile yet: the onboarding form's caller. */
let newcomer = '';
const ids = { event: '', slug: '', booking: '', policy: '' };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInUser(t, 'admin')).cookie;
  const buyer = await signedInUser(t);
  attendee = buyer.cookie;
  newcomer = (await signIn(t, uniqueEmail('newcomer'))).cookie;
  const event = await createEvent(t.database.db, { priceCents: 0 });
  ids.event = event.id;
  ids.slug = event.slug;
  ids.booking = (
    await createBooking(t.database.db, { event, profileId: buyer.id, status: 'pending' })
  ).booking.id;
  ids.policy = (await createCancellationPolicy(t.database.db)).id;
});
afterAll(() => t.close());

type Who = 'admin' | 'attendee' | 'newcomer' | 'nobody';
interface Call {
  who: Who;
  method: string;
  /** `BAD` is replaced with the percent-encoded bad character. */
  url: string;
  /** `BAD` in a string is replaced with the bad character itself. */
  body?: unknown;
}

const DAY = 86_400_000;
const future = (days: number, hours = 0) =>
  new Date(Date.now() + days * DAY + hours * 3_600_000).toISOString();

/** The routes the red-team pass answered with 500 (issue 11, item 5), and a few of their neighbours. */
const calls = (): Call[] => [
  {
    who: 'newcomer',
    method: 'POST',
    url: '/api/profile/onboarding',
    body: { fullName: 'Anna BAD', phone: '0170 1234567', dsgvo: true },
  },
  { who: 'attendee', method: 'PATCH', url: '/api/profile', body: { fullName: 'Anna BAD' } },
  { who: 'attendee', method: 'PATCH', url: '/api/profile', body: { phone: '0170 BAD' } },
  {
    who: 'attendee',
    method: 'POST',
    url: '/api/profile/email-change',
    body: { email: 'neu.BAD@example.org' },
  },
  { who: 'nobody', method: 'POST', url: '/api/profile/email-change/confirm', body: { token: 'BAD' } },
  {
    who: 'attendee',
    method: 'POST',
    url: '/api/bookings',
    body: { eventId: ids.event, quantity: 1, holderName: 'Anna BAD' },
  },
  { who: 'attendee', method: 'GET', url: '/api/bookings/BAD' },
  { who: 'attendee', method: 'POST', url: `/api/bookings/${ids.booking}/payment`, body: { note: 'BAD' } },
  { who: 'nobody', method: 'POST', url: '/api/auth/code/send', body: { email: 'anna.BAD@example.org' } },
  {
    who: 'nobody',
    method: 'POST',
    url: '/api/newsletter/subscribe',
    body: { email: 'anna@example.org', source: 'footer', metadata: { campaign: 'BAD' } },
  },
  {
    who: 'admin',
    method: 'POST',
    url: '/api/admin/events',
    body: {
      title: 'Abend BAD',
      description: 'Ein ruhiger Abend.',
      location: 'Hamburg',
      startTime: future(20),
      endTime: future(20, 3),
      timezone: 'Europe/Berlin',
      totalSeats: 12,
      priceCents: 4900,
      currency: 'EUR',
    },
  },
  { who: 'admin', method: 'PATCH', url: `/api/admin/events/${ids.event}`, body: { location: 'Hamburg BAD' } },
  { who: 'admin', method: 'GET', url: '/api/admin/events/slug-check?slug=abendBAD' },
  { who: 'admin', method: 'GET', url: '/api/admin/events/BAD' },
  {
    who: 'admin',
    method: 'PUT',
    url: '/api/admin/settings/general',
    body: {
      onboardingEnabled: true,
      timezone: 'Europe/Berlin',
      siteName: 'Haus BAD',
    },
  },
  {
    who: 'admin',
    method: 'PUT',
    url: '/api/admin/settings/integrations',
    body: { stripePublishableKey: 'pk_test_BAD' },
  },
  {
    who: 'admin',
    method: 'PUT',
    url: '/api/admin/settings/secrets',
    body: { STRIPE_WEBHOOK_SECRET: 'whsec_BAD' },
  },
  {
    who: 'admin',
    method: 'PATCH',
    url: `/api/admin/settings/policies/${ids.policy}`,
    body: { name: 'Kulant BAD', isActive: true },
  },
  { who: 'admin', method: 'PUT', url: '/api/admin/settings/policy-events/BAD', body: { policyId: null } },
  {
    who: 'admin',
    method: 'POST',
    url: '/api/admin/users',
    body: { email: uniqueEmail('neu'), full_name: 'Bert BAD' },
  },
  { who: 'admin', method: 'GET', url: '/api/admin/users?search=BertBAD' },
  { who: 'admin', method: 'DELETE', url: '/api/admin/users?id=BAD' },
  { who: 'admin', method: 'GET', url: '/api/admin/tickets?search=AnnaBAD' },
  { who: 'admin', method: 'GET', url: '/api/admin/tickets/export.csv?search=BAD' },
  { who: 'admin', method: 'GET', url: '/api/admin/tickets/BAD/cancel-preview' },
  {
    who: 'admin',
    method: 'POST',
    url: '/api/admin/refunds',
    body: { bookingId: ids.booking, reason: 'Kulanz BAD', percent: 1 },
  },
  { who: 'nobody', method: 'GET', url: '/api/events/BAD' },
  { who: 'nobody', method: 'GET', url: '/api/events/BAD/calendar.ics' },
  { who: 'admin', method: 'GET', url: `/api/events/${ids.slug}BAD` },
];

const bad = [
  { name: 'NUL', raw: '\u0000', encoded: '%00' },
  // UTF-8 cannot encode a surrogate: %ED%A0%80 is how a lone U+D800 arrives in a URL (WTF-8).
  { name: 'lone surrogate', raw: '\uD800', encoded: '%ED%A0%80' },
];

const cookieOf = (who: Who) => ({ admin, attendee, newcomer, nobody: '' })[who];

/** Puts the bad character into every string of the body (and keys stay as they are). */
function withBad(value: unknown, raw: string): unknown {
  if (typeof value === 'string') return value.replaceAll('BAD', raw);
  if (Array.isArray(value)) return value.map((item) => withBad(item, raw));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withBad(item, raw)]));
  }
  return value;
}

describe('bad characters at the edge', () => {
  for (const character of bad) {
    it(`refuses ${character.name} in bodies, paths and query strings with 422 and a German message`, async () => {
      const answers: string[] = [];
      for (const call of calls()) {
        const cookie = cookieOf(call.who);
        const url = call.url.replaceAll('BAD', character.encoded);
        const res = await t.app.request(url, {
          method: call.method,
          headers: {
            ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...(cookie ? { cookie } : {}),
          },
          // JSON.stringify writes NUL and lone surrogates as \u escapes, as a hostile client would
          body: call.body === undefined ? undefined : JSON.stringify(withBad(call.body, character.raw)),
        });
        // the CSV export used to answer 200 and then break off the stream
        const text = await res.text().catch(() => '(stream aborted)');
        answers.push(`${res.status} ${call.method} ${call.url} ${text.slice(0, 120)}`);
      }
      const expected = calls().map(
        (call) =>
          `422 ${call.method} ${call.url} ${JSON.stringify({ error: { code: 'validation_failed', message: MESSAGE } })}`,
      );
      expect(answers).toEqual(expected);
    });
  }

  it('refuses a bad character in a multipart text field', async () => {
    const form = new FormData();
    form.append('note', 'Bild\u0000');
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'bild.png');
    const res = await t.app.request('/api/profile/images/avatar', {
      method: 'POST',
      headers: { cookie: attendee },
      body: form,
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: { code: 'validation_failed', message: MESSAGE } });
  });

  it('answers the CSV export with 422 before the first byte, not a 200 that breaks off', async () => {
    const res = await t.app.request('/api/admin/tickets/export.csv?search=%00', {
      headers: { cookie: admin },
    });
    expect(res.status).toBe(422);
    expect(res.headers.get('Content-Type')).toMatch(/json/);
  });

  it('still takes ordinary text, umlauts, emoji and percent signs', async () => {
    const res = await t.app.request('/api/admin/users?search=J%C3%BCrgen%20%F0%9F%8E%B5%2550', {
      headers: { cookie: admin },
    });
    expect(res.status).toBe(200);
    const patch = await t.app.request('/api/profile', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', cookie: attendee },
      body: JSON.stringify({ fullName: 'Jürgen 🎵 100 %' }),
    });
    expect(patch.status, await patch.clone().text()).toBe(200);
  });
});

describe('error logs', () => {
  const email = 'anna.geheim@example.org';
  const logged = () => {
    const lines: string[] = [];
    return { lines, logger: createLogger('info', { write: (line: string) => void lines.push(line) }) };
  };

  it('log requests by path, without the query string', async () => {
    const { lines, logger } = logged();
    const app = createApp({ ...createServices(t.config, t.database, logger), logger });
    const res = await app.request(`/api/admin/users?search=${encodeURIComponent(email)}`, {
      headers: { cookie: admin },
    });
    expect(res.status).toBe(200);
    expect(lines.join('')).toContain('"path":"/api/admin/users"');
    expect(lines.join('')).not.toContain('anna.geheim');
  });

  it('name the route and the error code of a failed query, never its values', async () => {
    const { lines, logger } = logged();
    // a search the database refuses: the value ends up in drizzle's message and in PostgreSQL's
    const app = new Hono();
    app.onError(handleError(logger));
    app.get('/api/admin/users', async (c) => {
      await t.database.db.execute(sql`select ${c.req.query('search')}::uuid`);
      return c.text('unreachable');
    });
    const res = await app.request(`/api/admin/users?search=${encodeURIComponent(email)}`);
    expect(res.status).toBe(500);
    expect(lines.join('')).not.toContain('anna.geheim');
    const line = JSON.parse(lines.join('')) as {
      path: string;
      err: { code?: string; cause?: { code?: string } };
    };
    expect(line.path).toBe('/api/admin/users');
    expect(line.err.cause?.code ?? line.err.code).toBe('22P02'); // invalid_text_representation
  });
});
