import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserPage } from '@shared/admin-users';
import { createUser } from '@server/demo/factories';
import { profiles, user, userNotificationPreferences } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { sessionOf, signIn, uniqueEmail } from '../helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Role = 'attendee' | 'organizer' | 'admin';
async function signedIn(role: Role) {
  const email = uniqueEmail(role);
  const created = await createUser(t.database.db, { email, role });
  const { cookie } = await signIn(t, email);
  return { cookie, id: created.user.id, email };
}

function call(method: string, path: string, cookie?: string, body?: unknown) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return t.app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const list = async (cookie: string, query = '') => {
  const res = await call('GET', `/api/admin/users${query}`, cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminUserPage;
};

describe('access to /api/admin/users', () => {
  it('answers anonymous 401, attendee and organizer 403, admin 2xx for every method', async () => {
    const attendee = await signedIn('attendee');
    const organizer = await signedIn('organizer');
    const admin = await signedIn('admin');
    const target = await createUser(t.database.db, { role: 'attendee' });
    const requests = (n: number): [string, string, unknown?][] => [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users', { email: uniqueEmail(`new${n}`) }],
      ['PATCH', '/api/admin/users', { id: target.user.id, role: 'organizer' }],
      ['DELETE', `/api/admin/users?id=${target.user.id}`],
    ];
    for (const [method, path, body] of requests(0)) {
      expect((await call(method, path, undefined, body)).status, `${method} anonymous`).toBe(401);
      expect((await call(method, path, attendee.cookie, body)).status, `${method} attendee`).toBe(403);
      expect((await call(method, path, organizer.cookie, body)).status, `${method} organizer`).toBe(403);
    }
    // nothing changed by the refused calls
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, target.user.id));
    expect(row?.role).toBe('attendee');
    const statuses = [];
    for (const [method, path, body] of requests(1)) {
      statuses.push((await call(method, path, admin.cookie, body)).status);
    }
    expect(statuses).toEqual([200, 201, 200, 200]);
    expect(await t.database.db.select().from(user).where(eq(user.id, target.user.id))).toHaveLength(0);
  });
});

describe('GET /api/admin/users', () => {
  it('lists the fields of a user entry and finds users by e-mail and name', async () => {
    const admin = await signedIn('admin');
    const marker = `such${Date.now()}`;
    const person = await createUser(t.database.db, {
      email: `${marker}-a@example.org`,
      name: 'Greta Gans',
      role: 'organizer',
    });
    await t.database.db
      .insert(userNotificationPreferences)
      .values({ userId: person.user.id, globalMarketingEnabled: true, emailConfirmed: true })
      .onConflictDoUpdate({
        target: userNotificationPreferences.userId,
        set: { globalMarketingEnabled: true, emailConfirmed: true },
      });
    const byEmail = await list(admin.cookie, `?search=${marker}`);
    expect(byEmail.total).toBe(1);
    expect(byEmail.users[0]).toMatchObject({
      id: person.user.id,
      email: `${marker}-a@example.org`,
      fullName: 'Greta Gans',
      phone: '+49 40 1234567',
      role: 'organizer',
      globalMarketingEnabled: true,
      emailConfirmed: true,
      onboarded: true,
    });
    expect(new Date(byEmail.users[0]!.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const byName = await list(admin.cookie, `?q=${encodeURIComponent('greta gan')}`);
    expect(byName.users.map((u) => u.id)).toContain(person.user.id);
    const byId = await list(admin.cookie, `?user=${person.user.id}`);
    expect(byId.users.map((u) => u.id)).toEqual([person.user.id]);
    // '%' is searched for literally, not as a wildcard
    expect((await list(admin.cookie, `?search=${encodeURIComponent('%')}`)).total).toBe(0);
  });

  it('pages 25 at a time, newest first', async () => {
    const admin = await signedIn('admin');
    const marker = `seite${Date.now()}`;
    for (let i = 0; i < 27; i++) await createUser(t.database.db, { email: `${marker}-${i}@example.org` });
    const first = await list(admin.cookie, `?search=${marker}`);
    const second = await list(admin.cookie, `?search=${marker}&page=2`);
    expect(first).toMatchObject({ total: 27, page: 1, pageSize: 25 });
    expect(first.users).toHaveLength(25);
    expect(second.users).toHaveLength(2);
    const ids = new Set([...first.users, ...second.users].map((u) => u.id));
    expect(ids.size).toBe(27);
    const times = first.users.map((u) => new Date(u.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await call('GET', '/api/admin/users?page=0', admin.cookie)).status).toBe(422);
  });
});

describe('POST /api/admin/users', () => {
  it('creates a user with e-mail, optional name and role attendee by default, who can then sign in', async () => {
    const admin = await signedIn('admin');
    const email = uniqueEmail('Neu').toUpperCase();
    const res = await call('POST', '/api/admin/users', admin.cookie, { email: ` ${email} ` });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string; email: string; role: string };
    expect(created).toMatchObject({ email: email.toLowerCase(), role: 'attendee' });
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, created.id));
    expect(profile).toMatchObject({ email: email.toLowerCase(), role: 'attendee' });

    const named = await call('POST', '/api/admin/users', admin.cookie, {
      email: uniqueEmail('orga'),
      full_name: 'Olga Orga',
      role: 'organizer',
    });
    const namedUser = (await named.json()) as { id: string };
    const [namedProfile] = await t.database.db.select().from(profiles).where(eq(profiles.id, namedUser.id));
    expect(namedProfile).toMatchObject({
      fullName: 'Olga Orga',
      firstName: 'Olga',
      lastName: 'Orga',
      role: 'organizer',
    });

    const { cookie } = await signIn(t, email.toLowerCase());
    expect(await sessionOf(t, cookie)).toMatchObject({ id: created.id, role: 'attendee' });
  });

  it('refuses a taken e-mail (in any case) with 409 and a German message', async () => {
    const admin = await signedIn('admin');
    const email = uniqueEmail('doppelt');
    expect((await call('POST', '/api/admin/users', admin.cookie, { email })).status).toBe(201);
    const again = await call('POST', '/api/admin/users', admin.cookie, { email: email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: { code: 'conflict', message: 'Ein Benutzer mit dieser E-Mail-Adresse existiert bereits.' },
    });
    expect(await t.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
  });

  it('refuses a bad e-mail or role with 422 and creates nothing', async () => {
    const admin = await signedIn('admin');
    const bad = await call('POST', '/api/admin/users', admin.cookie, { email: 'kein-at-zeichen' });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      'Bitte eine gültige E-Mail-Adresse eingeben.',
    );
    const email = uniqueEmail('rolle');
    const role = await call('POST', '/api/admin/users', admin.cookie, { email, role: 'king' });
    expect(role.status).toBe(422);
    expect(await t.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
  });
});

describe('the last admin', () => {
  it('can be neither demoted nor deleted; with a second admin both work', async () => {
    const remaining = await signedIn('admin');
    const admins = await t.database.db.select().from(profiles).where(eq(profiles.role, 'admin'));
    for (const other of admins) {
      if (other.id === remaining.id) continue;
      const res = await call('PATCH', '/api/admin/users', remaining.cookie, {
        id: other.id,
        role: 'attendee',
      });
      expect(res.status).toBe(200);
    }
    const refused = await call('PATCH', '/api/admin/users', remaining.cookie, {
      id: remaining.id,
      role: 'organizer',
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: { code: 'last_admin', message: 'Der letzte Administrator kann nicht heruntergestuft werden.' },
    });
    const deleted = await call('DELETE', `/api/admin/users?id=${remaining.id}`, remaining.cookie);
    expect(deleted.status).toBe(409);
    expect(((await deleted.json()) as { error: { code: string } }).error.code).toBe('last_admin');
    const [still] = await t.database.db.select().from(profiles).where(eq(profiles.id, remaining.id));
    expect(still?.role).toBe('admin');

    const second = await signedIn('admin');
    expect((await call('DELETE', `/api/admin/users?id=${remaining.id}`, second.cookie)).status).toBe(200);
    expect(await t.database.db.select().from(user).where(eq(user.id, remaining.id))).toHaveLength(0);
    expect((await call('DELETE', `/api/admin/users?id=${remaining.id}`, second.cookie)).status).toBe(404);
  });
});
