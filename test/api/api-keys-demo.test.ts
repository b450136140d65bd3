import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyView } from '@shared/api-keys';
import { seedDemo } from '@server/demo/seed';
import { createTestApp, type TestApp } from '../helpers/app';
import { newApiKey, v1 } from '../helpers/api-keys';
import { signedInUser } from '../helpers/tickets';

// The demo's API keys (docs/product/api.md#key-list): listed without secrets, one in use, one revoked; an admin's
// own new key reads the demo's events through /api/v1.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.database.db)).toBe(true);
});
afterAll(() => t.close());

describe('demo API keys', () => {
  it('lists a key in use and a revoked one, and a new key reads the demo', async () => {
    const admin = await signedInUser(t, 'admin');
    const res = await t.app.request('/api/admin/api-keys', { headers: { cookie: admin.cookie } });
    const { keys } = (await res.json()) as { keys: ApiKeyView[] };
    expect(keys.map((key) => [key.name, key.revokedAt === null, key.lastUsedAt !== null])).toEqual([
      ['Buchhaltung (CSV-Export)', true, true],
      ['Alte Einlass-App', false, true],
    ]);
    const { secret } = await newApiKey(t, admin.cookie, ['read']);
    const page = (await (await v1(t, '/events?status=published&limit=100', secret)).json()) as {
      data: { title: string }[];
    };
    expect(page.data.length).toBeGreaterThan(5);
    const tickets = (await (await v1(t, '/tickets?limit=5', secret)).json()) as { data: unknown[] };
    expect(tickets.data).toHaveLength(5);
  });
});
