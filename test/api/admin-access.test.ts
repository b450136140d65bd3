import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/demo/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { signIn, uniqueEmail } from '../helpers/auth';

// Issue 6: every admin endpoint is admin-only on the server (docs/product/admin.md#three-roles). The list
// comes from the app's own route table, so an endpoint added later without `allow('admin')` fails here.

let t: TestApp;
const cookies: Record<'attendee' | 'organizer', string> = { attendee: '', organizer: '' };
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['attendee', 'organizer'] as const) {
    const email = uniqueEmail(role);
    await createUser(t.database.db, { email, role });
    cookies[role] = (await signIn(t, email)).cookie;
  }
});
afterAll(() => t.close());

const SOME_ID = '00000000-0000-4000-8000-000000000000';

function adminEndpoints() {
  const seen = new Set<string>();
  return t.app.routes
    .filter((r) => r.path.startsWith('/api/admin') && r.method !== 'ALL')
    .map((r) => ({ method: r.method, path: r.path.replace(/:[A-Za-z]+/g, SOME_ID) }))
    .filter((r) => {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

describe('admin endpoints', () => {
  it('are many (the route table is read)', () => {
    expect(adminEndpoints().length).toBeGreaterThan(20);
  });

  it('answer 401 to anonymous callers and 403 to attendees and organizers', async () => {
    const failures: string[] = [];
    for (const { method, path } of adminEndpoints()) {
      const send = (cookie?: string) =>
        t.app.request(path, {
          method,
          headers: {
            Origin: t.config.publicUrl,
            'Content-Type': 'application/json',
            ...(cookie ? { cookie } : {}),
          },
          body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
        });
      const anonymous = await send();
      if (anonymous.status !== 401) failures.push(`${method} ${path}: anonymous ${anonymous.status}`);
      for (const role of ['attendee', 'organizer'] as const) {
        const res = await send(cookies[role]);
        if (res.status !== 403) failures.push(`${method} ${path}: ${role} ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
