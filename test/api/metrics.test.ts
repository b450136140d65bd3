import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookingView } from '@shared/booking';
import { Metrics } from '@server/adapters/metrics/metrics';
import { createEvent } from '@server/demo/factories';
import { mailOutbox } from '@server/db/schema';
import type { Db } from '@server/db/types';
import { HoldExpiryJob } from '@server/jobs/hold-expiry-job';
import { RefundJob } from '@server/jobs/refund-job';
import { createLogger } from '@server/logger';
import { createTestApp, peer, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { MINUTE, signedInUser, ticketsOfBooking } from '../helpers/tickets';

// GET /metrics (docs/architecture.md#metrics, decision 032): the exposition, its labels, the collectors read
// at scrape time, the counters that move with bookings, payments, refunds and job rounds, and who may scrape.

const TOKEN = 'metrics-token-for-the-tests-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The text format 0.0.4: `# HELP`/`# TYPE` lines and `name{label="value",…} number` samples. */
function parseExposition(text: string): Sample[] {
  const typed = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][\w:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      typed.add(type[1]!);
      continue;
    }
    if (line.startsWith('# HELP ')) continue;
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    const [, name, labelText = '', value] = sample;
    const labels: Record<string, string> = {};
    for (const [, key, raw] of labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)",?/g)) labels[key!] = raw!;
    const family = name!.replace(/_(bucket|sum|count)$/, '');
    if (!typed.has(name!) && !typed.has(family)) throw new Error(`sample without # TYPE: ${name}`);
    samples.push({ name: name!, labels, value: Number(value) });
  }
  return samples;
}

async function scrape(): Promise<Sample[]> {
  const res = await t.app.request('/metrics');
  expect(res.status).toBe(200);
  return parseExposition(await res.text());
}

/** The value of the sample with this name and (at least) these labels; undefined when there is none. */
const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

/** How much `name{labels}` moved while `action` ran. */
async function change(name: string, labels: Record<string, string>, action: () => Promise<unknown>) {
  const before = valueOf(await scrape(), name, labels) ?? 0;
  await action();
  return (valueOf(await scrape(), name, labels) ?? 0) - before;
}

describe('exposition', () => {
  it('answers the Prometheus text format with the collectors read at scrape time', async () => {
    const res = await t.app.request('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const samples = parseExposition(await res.text());
    for (const name of [
      'ticketshop_db_pool_connections_max',
      'ticketshop_mail_outbox_pending',
      'ticketshop_mail_outbox_oldest_pending_age_seconds',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(valueOf(samples, name), name).toEqual(expect.any(Number));
    }
    if (t.database.kind === 'postgres') {
      for (const name of [
        'ticketshop_db_pool_connections_in_use',
        'ticketshop_db_pool_connections_idle',
        'ticketshop_db_pool_waiting_clients',
      ]) {
        expect(valueOf(samples, name), name).toBeGreaterThanOrEqual(0);
      }
    } else {
      expect(valueOf(samples, 'ticketshop_db_pool_connections_max')).toBe(1);
    }
    // every outcome is there from the start, at 0 until it happens
    for (const outcome of ['created_paid', 'created_free', 'confirmed', 'expired', 'cancelled']) {
      expect(valueOf(samples, 'ticketshop_bookings_total', { outcome })).toBeGreaterThanOrEqual(0);
    }
    expect(valueOf(samples, 'ticketshop_payments_total', { outcome: 'late' })).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'ticketshop_refunds_total', { outcome: 'retried' })).toBeGreaterThanOrEqual(0);
  });

  it('labels requests with the route pattern, never the path; unknown API paths as unmatched', async () => {
    const event = await createEvent(t.database.db);
    expect((await t.app.request(`/api/events/${event.slug}`)).status).toBe(200);
    expect((await t.app.request('/api/no-such-thing/42')).status).toBe(404);
    const samples = await scrape();
    const get = { method: 'GET', route: '/api/events/:slug', status: '200' };
    expect(valueOf(samples, 'ticketshop_http_requests_total', get)).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'ticketshop_http_request_duration_seconds_count', get)).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(samples, 'ticketshop_http_request_duration_seconds_bucket', { ...get, le: '10' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(samples, 'ticketshop_http_requests_total', { route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    const routes = new Set(samples.map((s) => s.labels.route ?? ''));
    expect([...routes].filter((route) => route.includes(event.slug) || route.includes('42'))).toEqual([]);
  });

  it('a request refused by middleware counts under the route it was for', async () => {
    // another site's Origin: the CSRF check refuses it before the route runs
    const res = await t.app.request('/api/bookings', {
      method: 'POST',
      headers: { Origin: 'https://elsewhere.example', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    const samples = await scrape();
    expect(
      valueOf(samples, 'ticketshop_http_requests_total', { route: '/api/bookings', status: '403' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('reads the outbox backlog and the oldest pending mail', async () => {
    await t.database.db.insert(mailOutbox).values({
      to: 'metrics@example.org',
      subject: 'Wartet',
      text: 'Wartet',
      createdAt: new Date(Date.now() - 10 * MINUTE),
    });
    const samples = await scrape();
    expect(valueOf(samples, 'ticketshop_mail_outbox_pending')).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'ticketshop_mail_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(600);
  });

  it('counts request durations into cumulative buckets from 5 ms to 10 s', async () => {
    const metrics = new Metrics();
    for (const seconds of [0.003, 0.005, 0.02, 20])
      metrics.observeRequest('GET', '/api/health', 200, seconds);
    const samples = parseExposition(await metrics.exposition());
    const labels = { method: 'GET', route: '/api/health', status: '200' };
    const bucket = (le: string) =>
      valueOf(samples, 'ticketshop_http_request_duration_seconds_bucket', { ...labels, le });
    expect([bucket('0.005'), bucket('0.01'), bucket('0.025'), bucket('10'), bucket('+Inf')]).toEqual([
      2, 2, 3, 3, 4,
    ]);
    expect(valueOf(samples, 'ticketshop_http_request_duration_seconds_sum', labels)).toBeCloseTo(20.028);
    expect(valueOf(samples, 'ticketshop_http_request_duration_seconds_count', labels)).toBe(4);
    expect(valueOf(samples, 'ticketshop_http_requests_total', labels)).toBe(4);
    metrics.observeRequest('GET', '/api/health', 200, 0.001);
    const again = parseExposition(await metrics.exposition());
    expect(valueOf(again, 'ticketshop_http_requests_total', labels)).toBe(5);
  });

  it('answers without the outbox when the database does not, and counts the collect error', async () => {
    const metrics = new Metrics({
      outboxBacklog: () => new Promise(() => undefined), // never answers
      collectTimeoutMs: 50,
    });
    const samples = parseExposition(await metrics.exposition());
    expect(valueOf(samples, 'ticketshop_mail_outbox_pending')).toBeNaN();
    expect(valueOf(samples, 'ticketshop_metrics_collect_errors_total', { collector: 'mail_outbox' })).toBe(1);
    expect(valueOf(samples, 'ticketshop_bookings_total', { outcome: 'confirmed' })).toBe(0);
    const failing = new Metrics({ outboxBacklog: () => Promise.reject(new Error('connection refused')) });
    const again = parseExposition(await failing.exposition());
    expect(valueOf(again, 'ticketshop_metrics_collect_errors_total', { collector: 'mail_outbox' })).toBe(1);
  });

  it('reads open payment attempts and failed refunds at scrape time (docs/product/payments.md#payment-metrics)', async () => {
    const metrics = new Metrics({
      paymentBacklog: async () => ({ openOverHour: { pending: 2, processing: 5 }, refundsFailed: 1 }),
    });
    const samples = parseExposition(await metrics.exposition());
    expect(valueOf(samples, 'ticketshop_payment_attempts_open_over_1h', { state: 'pending' })).toBe(2);
    expect(valueOf(samples, 'ticketshop_payment_attempts_open_over_1h', { state: 'processing' })).toBe(5);
    expect(valueOf(samples, 'ticketshop_refunds_failed')).toBe(1);
    const failing = new Metrics({ paymentBacklog: () => Promise.reject(new Error('connection refused')) });
    const again = parseExposition(await failing.exposition());
    expect(valueOf(again, 'ticketshop_refunds_failed')).toBeNaN();
    expect(valueOf(again, 'ticketshop_metrics_collect_errors_total', { collector: 'payments' })).toBe(1);
  });
});

describe('business outcomes', () => {
  const as = (cookie: string) => ({ cookie });
  const book = async (cookie: string, eventId: string) => {
    const res = await post(
      t,
      '/api/bookings',
      { eventId, quantity: 1, holderName: 'Anna Beispiel' },
      as(cookie),
    );
    expect(res.status).toBe(201);
    return (await res.json()) as BookingView;
  };
  const pay = async (cookie: string, bookingId: string, button: 'complete' | 'decline') => {
    expect((await post(t, `/api/bookings/${bookingId}/payment`, {}, as(cookie))).status).toBe(200);
    return post(t, `/api/bookings/${bookingId}/payment/test/${button}`, {}, as(cookie));
  };
  const bookings = (outcome: string) => ['ticketshop_bookings_total', { outcome }] as const;
  const payments = (outcome: string) => ['ticketshop_payments_total', { outcome }] as const;

  it('counts paid and free bookings, paid and declined payments, a cancellation and its refund', async () => {
    const buyer = await signedInUser(t);
    const paidEvent = await createEvent(t.database.db, { priceCents: 2500 });
    const freeEvent = await createEvent(t.database.db, { priceCents: 0 });

    let booking!: BookingView;
    expect(
      await change(
        ...bookings('created_paid'),
        async () => (booking = await book(buyer.cookie, paidEvent.id)),
      ),
    ).toBe(1);
    expect(await change(...bookings('created_free'), () => book(buyer.cookie, freeEvent.id))).toBe(1);

    const declined = await book(buyer.cookie, paidEvent.id);
    expect(await change(...payments('failed'), () => pay(buyer.cookie, declined.id, 'decline'))).toBe(1);

    const before = await scrape();
    expect((await pay(buyer.cookie, booking.id, 'complete')).status).toBe(200);
    // a replay of the same verdict changes nothing and counts nothing
    expect(
      (await post(t, `/api/bookings/${booking.id}/payment/test/complete`, {}, as(buyer.cookie))).status,
    ).toBe(200);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      (valueOf(after, name, labels) ?? 0) - (valueOf(before, name, labels) ?? 0);
    expect(moved(...payments('paid'))).toBe(1);
    expect(moved(...bookings('confirmed'))).toBe(1);

    const [ticket] = await ticketsOfBooking(t, booking.id);
    const cancelled = await scrape();
    expect((await post(t, `/api/tickets/${ticket!.id}/cancel`, {}, as(buyer.cookie))).status).toBe(200);
    const done = await scrape();
    expect(valueOf(done, ...bookings('cancelled'))! - valueOf(cancelled, ...bookings('cancelled'))!).toBe(1);
    const refunds = { outcome: 'succeeded' };
    expect(
      valueOf(done, 'ticketshop_refunds_total', refunds)! -
        valueOf(cancelled, 'ticketshop_refunds_total', refunds)!,
    ).toBe(1);
  });

  it('counts expired holds and a payment that arrives after the hold expired as late', async () => {
    const buyer = await signedInUser(t);
    const event = await createEvent(t.database.db, { priceCents: 2500 });
    const booking = await book(buyer.cookie, event.id);
    expect((await post(t, `/api/bookings/${booking.id}/payment`, {}, as(buyer.cookie))).status).toBe(200);
    const later = new Date(Date.now() + 60 * MINUTE);
    let expired = 0;
    const moved = await change(...bookings('expired'), async () => {
      expired = await t.services.holdExpiry.runOnce(later); // this hold, and any other test's still pending
    });
    expect(expired).toBeGreaterThanOrEqual(1);
    expect(moved).toBe(expired);
    const complete = () => post(t, `/api/bookings/${booking.id}/payment/test/complete`, {}, as(buyer.cookie));
    expect(await change(...payments('late'), complete)).toBe(1);
  });
});

describe('jobs', () => {
  const failingDb = {
    transaction: () => Promise.reject(new Error('database down')),
    select: () => {
      throw new Error('database down');
    },
  } as unknown as Db;

  it('counts the rounds of each job, the failed ones, and the time since the last success', async () => {
    const runs = { job: 'hold_expiry' };
    expect(await change('ticketshop_job_runs_total', runs, () => t.services.holdExpiry.runOnce())).toBe(1);
    expect(await change('ticketshop_job_failures_total', runs, () => t.services.holdExpiry.runOnce())).toBe(
      0,
    );
    const lag = valueOf(await scrape(), 'ticketshop_job_lag_seconds', runs);
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(60);

    // the same jobs on a database that does not answer, reporting to this app's metrics
    const logger = createLogger('silent');
    const observer = t.services.metrics;
    const brokenDeps = { ...t.services, logger, database: { db: failingDb } };
    const broken = new HoldExpiryJob({ deps: brokenDeps, observer });
    expect(await change('ticketshop_job_failures_total', runs, () => broken.runOnce())).toBe(1);
    const refunds = new RefundJob({ deps: brokenDeps, observer });
    expect(await change('ticketshop_job_failures_total', { job: 'refund' }, () => refunds.runOnce())).toBe(1);
    expect(
      await change('ticketshop_job_runs_total', { job: 'refund' }, () => t.services.refundJob.runOnce()),
    ).toBe(1);
  });

  it('counts the outbox rounds the timer runs', async () => {
    const before = valueOf(await scrape(), 'ticketshop_job_runs_total', { job: 'outbox' }) ?? 0;
    t.services.outbox.start();
    try {
      await vi.waitFor(
        async () =>
          expect(valueOf(await scrape(), 'ticketshop_job_runs_total', { job: 'outbox' })).toBeGreaterThan(
            before,
          ),
        { timeout: 5000, interval: 50 },
      );
    } finally {
      await t.services.outbox.stop();
    }
    expect(valueOf(await scrape(), 'ticketshop_job_lag_seconds', { job: 'outbox' })).toBeGreaterThanOrEqual(
      0,
    );
  });
});

describe('access', () => {
  const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

  it('answers this machine, and others only with the token; anyone else gets a 404', async () => {
    expect((await t.app.request('/metrics', {}, peer('127.0.0.1'))).status).toBe(200);
    expect((await t.app.request('/metrics', {}, peer('::1'))).status).toBe(200);
    expect((await t.app.request('/metrics', {}, peer('203.0.113.7'))).status).toBe(404);
    // a proxy on this machine forwards someone else
    const forwarded = { headers: { 'X-Forwarded-For': '203.0.113.7' } };
    expect((await t.app.request('/metrics', forwarded, peer('127.0.0.1'))).status).toBe(404);
    // any forwarding header, not only the one naming the client (docs/decisions/046)
    for (const name of ['X-Forwarded-Host', 'X-Forwarded-Proto', 'Via']) {
      const through = { headers: { [name]: name === 'Via' ? '1.1 caddy' : 'https' } };
      expect((await t.app.request('/metrics', through, peer('127.0.0.1'))).status).toBe(404);
    }
    expect((await t.app.request('/metrics', bearer(TOKEN), peer('203.0.113.7'))).status).toBe(200);
    expect((await t.app.request('/metrics', bearer(`${TOKEN}x`), peer('203.0.113.7'))).status).toBe(404);
    expect((await t.app.request('/metrics', bearer('short'), peer('203.0.113.7'))).status).toBe(404);
    // a wrong token is refused even from this machine
    expect((await t.app.request('/metrics', bearer('wrong'), peer('127.0.0.1'))).status).toBe(404);
  });

  it('is not swallowed by the client pages, and is refused like any unknown page', async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'ticketshop-metrics-web-'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><!--app-head--></head></html>',
    );
    const shop = await createTestApp({ database: t.database, webRoot }); // without METRICS_TOKEN
    const local = await shop.app.request('/metrics');
    expect(local.status).toBe(200);
    expect(await local.text()).toContain('ticketshop_http_requests_total');
    const unknown = await shop.app.request('/no-such-page', {}, peer('203.0.113.7'));
    const refused = await shop.app.request('/metrics', {}, peer('203.0.113.7'));
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe(await unknown.text());
    expect((await shop.app.request('/metrics', bearer(TOKEN), peer('203.0.113.7'))).status).toBe(404);
    const samples = parseExposition(await (await shop.app.request('/metrics')).text());
    expect(
      valueOf(samples, 'ticketshop_http_requests_total', { route: 'client', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    await shop.close();
  });
});
