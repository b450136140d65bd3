import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, type ApiKeyView } from '@shared/api-keys';
import { API_V1_MESSAGES } from '@shared/api-v1';
import { authenticateApiKey, LAST_USE_PRECISION_MS } from '@server/core/api-keys/authenticate-api-key';
import { apiKeys, profiles } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { newApiKey, v1 } from '../helpers/api-keys';
import { signedInUser, type ErrorBody } from '../helpers/tickets';

// API keys (docs/product/api.md#keys): created by admins with scopes, shown once, stored hashed, revocable
// (docs/product/api.md#revoke), last use to the minute (docs/product/api.md#last-use).

let t: TestApp;
let admin: { cookie: string; id: string };
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'admin');
});
afterAll(() => t.close());

const list = async (cookie = admin.cookie) => {
  const res = await t.app.request('/api/admin/api-keys', { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { keys: ApiKeyView[] }).keys;
};

describe('creating a key', () => {
  it('shows the secret once and stores only its SHA-256', async () => {
    const created = await newApiKey(t, admin.cookie, ['check_in', 'read'], 'Einlass-App');
    expect(created.secret).toMatch(/^tsk_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({ name: 'Einlass-App', scopes: ['read', 'check_in'], revokedAt: null });
    expect(created.key.prefix).toBe(created.secret.slice(0, 12));
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, created.key.id));
    expect(row!.secretHash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.secret);
    const listed = (await list()).find((key) => key.id === created.key.id)!;
    expect(listed).toMatchObject({ name: 'Einlass-App', lastUsedAt: null });
    expect(listed.createdBy).toBeTruthy();
    expect(JSON.stringify(await list())).not.toContain(created.secret);
  });

  it('refuses bad input in German and creates nothing', async () => {
    const before = (await list()).length;
    const cases: [unknown, string][] = [
      [{ name: '  ', scopes: ['read'] }, API_KEY_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(81), scopes: ['read'] }, API_KEY_MESSAGES.nameTooLong],
      [{ name: 'Ohne', scopes: [] }, API_KEY_MESSAGES.scopesRequired],
      [{ name: 'Falsch', scopes: ['admin'] }, API_KEY_MESSAGES.scopeUnknown],
    ];
    for (const [body, message] of cases) {
      const res = await post(t, '/api/admin/api-keys', body, { cookie: admin.cookie });
      expect(res.status).toBe(422);
      expect(((await res.json()) as ErrorBody).error.message).toBe(message);
    }
    expect(await list()).toHaveLength(before);
  });

  it('is for admins only', async () => {
    const organizer = await signedInUser(t, 'organizer');
    const res = await post(
      t,
      '/api/admin/api-keys',
      { name: 'X', scopes: ['read'] },
      { cookie: organizer.cookie },
    );
    expect(res.status).toBe(403);
    expect(
      (await t.app.request('/api/admin/api-keys', { headers: { cookie: organizer.cookie } })).status,
    ).toBe(403);
    expect((await t.app.request('/api/admin/api-keys')).status).toBe(401);
  });
});

describe('revoking a key', () => {
  it('refuses its next request with 401 and keeps it listed', async () => {
    const { key, secret } = await newApiKey(t, admin.cookie, ['read']);
    expect((await v1(t, '/events', secret)).status).toBe(200);
    const res = await post(t, `/api/admin/api-keys/${key.id}/revoke`, {}, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const refused = await v1(t, '/events', secret);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
    expect(((await refused.json()) as ErrorBody).error).toEqual({
      code: 'unauthorized',
      message: API_V1_MESSAGES.revokedKey,
    });
    const listed = (await list()).find((each) => each.id === key.id)!;
    expect(listed.revokedAt).not.toBeNull();
    expect(listed.lastUsedAt).not.toBeNull();
    const again = await post(t, `/api/admin/api-keys/${key.id}/revoke`, {}, { cookie: admin.cookie });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.message).toBe(API_KEY_MESSAGES.alreadyRevoked);
    const unknown = await post(
      t,
      `/api/admin/api-keys/${crypto.randomUUID()}/revoke`,
      {},
      { cookie: admin.cookie },
    );
    expect(unknown.status).toBe(404);
  });

  it('stops working when its creator is no longer an admin', async () => {
    const other = await signedInUser(t, 'admin');
    const { secret } = await newApiKey(t, other.cookie, ['read']);
    expect((await v1(t, '/events', secret)).status).toBe(200);
    await db().update(profiles).set({ role: 'attendee' }).where(eq(profiles.id, other.id));
    const refused = await v1(t, '/events', secret);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(API_V1_MESSAGES.ownerNotAdmin);
  });
});

describe('last use', () => {
  it('is written at most once a minute per key', async () => {
    const { key, secret } = await newApiKey(t, admin.cookie, ['read']);
    const lastUsed = async () =>
      (await db().select().from(apiKeys).where(eq(apiKeys.id, key.id)))[0]!.lastUsedAt?.getTime();
    const t0 = new Date('2030-01-01T10:00:00Z');
    await authenticateApiKey(db(), `Bearer ${secret}`, t0);
    expect(await lastUsed()).toBe(t0.getTime());
    await authenticateApiKey(db(), `Bearer ${secret}`, new Date(t0.getTime() + 30_000));
    await authenticateApiKey(db(), `Bearer ${secret}`, new Date(t0.getTime() + LAST_USE_PRECISION_MS - 1));
    expect(await lastUsed()).toBe(t0.getTime());
    const t1 = new Date(t0.getTime() + LAST_USE_PRECISION_MS);
    await authenticateApiKey(db(), `Bearer ${secret}`, t1);
    expect(await lastUsed()).toBe(t1.getTime());
  });
});
