import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '@server/config';
import { enqueueMail } from '@server/core/mail/enqueue-mail';
import type { Database } from '@server/db/client';
import { mailOutbox } from '@server/db/schema';
import type { AppDeps, AppEnv } from '@server/http/context';
import { devMailboxWarning, devMailRoutes } from '@server/http/routes/dev-mails';
import { createLogger } from '@server/logger';
import { createTestApp, peer } from '../helpers/app';
import { createTestDatabase } from '../helpers/db';

let database: Database;
const dataDir = mkdtempSync(path.join(tmpdir(), 'ticketshop-devmail-'));
const devConfig = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(mailOutbox);
});

/** The route as app.ts mounts it, with only the deps it reads. */
function mount(config: Config) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', { config, database, logger: createLogger('silent') } as unknown as AppDeps);
    await next();
  });
  app.route('/api/dev/mails', devMailRoutes);
  // from this machine unless a test passes another peer (helpers/app.ts)
  const request = app.request;
  app.request = (input, init, env) => request(input, init, env ?? peer('127.0.0.1'));
  return app;
}

async function enqueueAt(subject: string, createdAt: Date, withPdf = false) {
  const { id } = await enqueueMail(database.db, {
    to: 'gast@example.test',
    subject,
    text: `Text ${subject}`,
    html: `<p>${subject}</p>`,
    attachments: withPdf
      ? [{ filename: 'ticket.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 x') }]
      : undefined,
  });
  // Explicit times: mails enqueued in one transaction share now(), so order is tested on distinct ones.
  await database.db.update(mailOutbox).set({ createdAt }).where(eq(mailOutbox.id, id));
  return id;
}

describe('GET /api/dev/mails (the contract the browser tests read)', () => {
  it('lists the mails newest first with exactly the contract fields', async () => {
    const oldest = await enqueueAt('Erste', new Date('2026-03-01T10:00:00Z'), true);
    const newest = await enqueueAt('Dritte', new Date('2026-03-01T12:00:00Z'));
    const middle = await enqueueAt('Zweite', new Date('2026-03-01T11:00:00Z'));
    await database.db.update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.id, middle));

    const res = await mount(devConfig).request('/api/dev/mails');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as Record<string, unknown>[];
    expect(body.map((mail) => mail.id)).toEqual([newest, middle, oldest]); // sent ones stay listed
    expect(body[2]).toEqual({
      id: oldest,
      to: 'gast@example.test',
      subject: 'Erste',
      text: 'Text Erste',
      html: '<p>Erste</p>',
      attachments: [{ filename: 'ticket.pdf', contentType: 'application/pdf', size: 10 }],
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    expect(body[0]!.attachments).toEqual([]);
  });

  it('returns an empty list when there are no mails', async () => {
    const res = await mount(devConfig).request('/api/dev/mails');
    expect(await res.json()).toEqual([]);
  });

  it('returns at most the 200 newest', async () => {
    const base = Date.parse('2026-03-01T00:00:00Z');
    await database.db.insert(mailOutbox).values(
      Array.from({ length: 205 }, (_, i) => ({
        to: 'gast@example.test',
        subject: `Mail ${i}`,
        text: 't',
        html: 'h',
        createdAt: new Date(base + i * 1000),
      })),
    );
    const body = (await (await mount(devConfig).request('/api/dev/mails')).json()) as { subject: string }[];
    expect(body).toHaveLength(200);
    expect(body[0]!.subject).toBe('Mail 204');
    expect(body.at(-1)!.subject).toBe('Mail 5');
  });

  const notFound = {
    error: {
      code: 'not_found',
      message: 'Das Entwickler-Postfach ist nur ohne SMTP_URL und außerhalb von production verfügbar.',
    },
  };

  it('is 404 when SMTP_URL is set', async () => {
    await enqueueAt('Geheim', new Date());
    const config = loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:2525' });
    const res = await mount(config).request('/api/dev/mails');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(notFound);
  });

  it('is 404 in production', async () => {
    const res = await mount({ ...devConfig, production: true }).request('/api/dev/mails');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(notFound);
  });

  it('is mounted at /api/dev/mails in the real app', async () => {
    const t = await createTestApp({ database });
    const res = await t.app.request('/api/dev/mails');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    await enqueueAt('Hallo', new Date());
    expect(((await (await t.app.request('/api/dev/mails')).json()) as unknown[]).length).toBe(1);
    await t.close();
  });
});

// docs/decisions/016: the mails hold everyone's sign-in codes, so only this machine may read them.
describe('dev mailbox only for clients on this machine', () => {
  const noSuchRoute = { error: { code: 'not_found', message: 'Diese API-Route gibt es nicht.' } };

  it.each(['::1', '::ffff:127.0.0.1', '127.0.0.2'])('answers the loopback peer %s', async (address) => {
    await enqueueAt('Code', new Date());
    const res = await mount(devConfig).request('/api/dev/mails', {}, peer(address));
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveLength(1);
  });

  it.each(['203.0.113.9', '192.168.1.20', '172.17.0.1', '2001:db8::1'])(
    'is 404 for the peer %s, whatever X-Forwarded-For claims',
    async (address) => {
      await enqueueAt('Code', new Date());
      const res = await mount(devConfig).request(
        '/api/dev/mails',
        { headers: { 'X-Forwarded-For': '127.0.0.1', 'X-Real-IP': '127.0.0.1' } },
        peer(address),
      );
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(noSuchRoute);
    },
  );

  // docs/decisions/046: a reverse proxy on this machine connects from loopback on behalf of anyone.
  const forwardingHeaders: Record<string, string>[] = [
    { 'X-Forwarded-For': '203.0.113.7' },
    { 'X-Forwarded-For': '127.0.0.1' },
    { Forwarded: 'for=203.0.113.7;proto=https' },
    { 'X-Forwarded-Host': 'shop.example.de' },
    { 'X-Forwarded-Proto': 'https' },
    { 'X-Forwarded-Port': '443' },
    { 'X-Forwarded-Server': 'proxy' },
    { 'X-Real-IP': '203.0.113.7' },
    { Via: '1.1 caddy' },
  ];

  it.each(forwardingHeaders)('is 404 from 127.0.0.1 through a proxy (%o)', async (headers) => {
    await enqueueAt('Code', new Date());
    for (const address of ['127.0.0.1', '::1']) {
      const res = await mount(devConfig).request('/api/dev/mails', { headers }, peer(address));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(noSuchRoute);
    }
  });

  it('refuses the page /dev/mails through a proxy on this machine too', async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'ticketshop-devmail-web-'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><!--app-head--></head></html>',
    );
    const t = await createTestApp({ database, webRoot });
    for (const headers of forwardingHeaders) {
      const page = await t.app.request('/dev/mails', { headers }, peer('127.0.0.1'));
      expect(page.status).toBe(404);
      expect(await page.text()).not.toContain('<html');
      expect((await t.app.request('/api/dev/mails', { headers }, peer('127.0.0.1'))).status).toBe(404);
    }
    expect((await t.app.request('/dev/mails', {}, peer('127.0.0.1'))).status).toBe(200);
    await t.close();
  });

  it('is 404 for a request that has no socket to tell where it comes from', async () => {
    const res = await mount(devConfig).request('/api/dev/mails', {}, {});
    expect(res.status).toBe(404);
  });

  it('serves the page /dev/mails to this machine only', async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'ticketshop-devmail-web-'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><!--app-head--></head></html>',
    );
    const t = await createTestApp({ database, webRoot });
    expect((await t.app.request('/dev/mails')).status).toBe(200);
    for (const pathname of ['/dev/mails', '/dev/mails/']) {
      const res = await t.app.request(pathname, {}, peer('203.0.113.9'));
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('<html');
    }
    const api = await t.app.request('/api/dev/mails', {}, peer('203.0.113.9'));
    expect(api.status).toBe(404);
    await t.close();
  });

  it('warns at start when the mailbox is on and the server listens beyond loopback', () => {
    const at = (env: Record<string, string>) => devMailboxWarning(loadConfig({ DATA_DIR: dataDir, ...env }));
    expect(at({})).toContain('HOST=0.0.0.0'); // the default
    expect(at({ HOST: '::' })).toContain('Entwickler-Postfach');
    for (const host of ['127.0.0.1', '::1', 'localhost']) expect(at({ HOST: host })).toBeNull();
    expect(at({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toBeNull();
  });
});
