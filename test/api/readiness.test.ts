import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@server/http/app';
import type { ReadinessState } from '@server/http/http-lifecycle';
import { createTestApp, type TestApp } from '../helpers/app';

// GET /api/health/ready for load balancers, GET /api/health stays liveness (decision 033).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The app with an injected readiness state and, optionally, a database that does not answer. */
function appIn(state: ReadinessState, options: { databaseDown?: boolean } = {}) {
  const database = options.databaseDown
    ? { ...t.database, ping: () => Promise.reject(new Error('connection refused')) }
    : t.database;
  return createApp({ ...t.services, database, readiness: { state } });
}

describe('GET /api/health/ready', () => {
  it('answers 503 starting while the instance starts', async () => {
    const res = await appIn('starting').request('/api/health/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'starting' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 draining while the instance shuts down', async () => {
    const res = await appIn('draining').request('/api/health/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'draining' });
  });

  it('answers 200 ready once started, with the database kind', async () => {
    const res = await appIn('ready').request('/api/health/ready');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', database: t.database.kind });
  });

  it('counts an app without a readiness state (API tests) as ready', async () => {
    const res = await t.app.request('/api/health/ready');
    expect(res.status).toBe(200);
  });

  it('answers 503 with Retry-After while the database does not answer', async () => {
    const res = await appIn('ready', { databaseDown: true }).request('/api/health/ready');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).not.toBeNull();
    expect(await res.json()).toMatchObject({ status: 'error', error: { code: 'unavailable' } });
  });
});

describe('GET /api/health (liveness)', () => {
  it('stays 200 while starting and draining: it says whether the process and its database answer', async () => {
    for (const state of ['starting', 'draining'] as const) {
      const res = await appIn(state).request('/api/health');
      expect(res.status, state).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', database: t.database.kind });
    }
  });

  it('answers 503 while the database does not answer, as before', async () => {
    const res = await appIn('ready', { databaseDown: true }).request('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'error', database: t.database.kind });
  });
});
