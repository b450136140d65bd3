import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { appSettings } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
const webRoot = mkdtempSync(path.join(tmpdir(), 'ticketshop-web-'));

beforeAll(async () => {
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>x</title><!--app-head--></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'assets', 'app-123.js'), 'console.log("app");'.repeat(200));
  t = await createTestApp({ webRoot });
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports ok and the database kind', async () => {
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: t.database.kind });
  });
});

describe('API errors', () => {
  it('answers unknown API routes with a 404 JSON error in German', async () => {
    const res = await t.app.request('/api/gibt-es-nicht');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'Diese API-Route gibt es nicht.' },
    });
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const res = await t.app.request('/api/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email": ',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_json');
    expect(body.error.message).toBe('Die Anfrage enthält kein gültiges JSON.');
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const res = await t.app.request('/api/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(2 * 1024 * 1024) },
      body: JSON.stringify({ big: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });
});

describe('GET /api/settings', () => {
  it('returns the defaults on an empty settings table', async () => {
    const res = await t.app.request('/api/settings');
    expect(res.status).toBe(200);
    const body = (await res.json()) as typeof DEFAULT_SETTINGS;
    expect(body.onboarding).toEqual({ enabled: true });
    expect(body.timezone).toEqual({ name: 'Europe/Berlin' });
    expect(body.legal).toEqual({ imprintUrl: '/impressum', privacyUrl: '/datenschutz', termsUrl: '/agb' });
    expect(body.features.comingSoon).toBe(false);
  });

  it('merges stored rows over the defaults and ignores invalid values', async () => {
    await t.database.db.insert(appSettings).values([
      { key: 'brand', value: { siteName: 'Seminarhaus Nord' } },
      { key: 'onboarding', value: { enabled: 'ja' } },
    ]);
    t.settings.invalidate();
    const body = (await (await t.app.request('/api/settings')).json()) as typeof DEFAULT_SETTINGS;
    expect(body.brand.siteName).toBe('Seminarhaus Nord');
    expect(body.brand.contactEmail).toBe(DEFAULT_SETTINGS.brand.contactEmail);
    expect(body.onboarding).toEqual({ enabled: true });
  });
});

describe('GET /api/session', () => {
  it('answers signed out without a session cookie', async () => {
    const res = await t.app.request('/api/session');
    expect(await res.json()).toEqual({ user: null });
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts, nosniff and frame-ancestors none', async () => {
    const res = await t.app.request('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('adds HSTS when PUBLIC_URL is https', async () => {
    const https = await createTestApp({
      env: { PUBLIC_URL: 'https://tickets.example.org' },
      database: t.database,
    });
    try {
      const res = await https.app.request('/api/health');
      expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000');
    } finally {
      await https.close();
    }
  });
});

describe('client routes', () => {
  it('serves the app shell with 200 for client routes and 404 for unknown paths', async () => {
    for (const route of ['/', '/help', '/login', '/admin/events/1/edit', '/my-tickets']) {
      const res = await t.app.request(route);
      expect(res.status, route).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
    const missing = await t.app.request('/gibt-es-nicht');
    expect(missing.status).toBe(404);
    // an event page whose event does not exist is a not-found page too (issue 4)
    expect((await t.app.request('/event/gibt-es-nicht')).status).toBe(404);
    expect(await missing.text()).toContain('<div id="root">');
  });

  it('puts the FAQ structured data into the HTML of /help', async () => {
    const html = await (await t.app.request('/help')).text();
    expect(html).toContain('<script type="application/ld+json">');
    expect(html).toContain('"@type":"FAQPage"');
    expect(html).toContain('<title>Häufige Fragen (FAQ) · Seminarhaus Nord</title>');
  });

  it('serves hashed assets compressed and immutable, and a missing asset as 404', async () => {
    const res = await t.app.request('/assets/app-123.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = res.headers.get('etag')!;
    const cached = await t.app.request('/assets/app-123.js', { headers: { 'If-None-Match': etag } });
    expect(cached.status).toBe(304);
    expect((await t.app.request('/assets/app-999.js')).status).toBe(404);
  });
});
