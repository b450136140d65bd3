import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@server/demo/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { signIn, uniqueEmail } from '../helpers/auth';

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
  return { cookie, id: created.user.id };
}
const patchRole = (cookie: string | undefined, body: object) =>
  t.app.request('/api/admin/users', {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

describe('roles on the server', () => {
  it('lets only admins change roles: anonymous 401, attendee and organizer 403', async () => {
    const target = await signedIn('attendee');
    expect((await patchRole(undefined, { id: target.id, role: 'organizer' })).status).toBe(401);
    expect(
      (await patchRole((await signedIn('attendee')).cookie, { id: target.id, role: 'admin' })).status,
    ).toBe(403);
    expect(
      (await patchRole((await signedIn('organizer')).cookie, { id: target.id, role: 'admin' })).status,
    ).toBe(403);
    const admin = await signedIn('admin');
    const ok = await patchRole(admin.cookie, { id: target.id, role: 'organizer' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ userId: target.id, role: 'organizer' });
  });

  it('never lets the last admin lose the role or be deleted', async () => {
    // leave exactly one admin in this database
    const remaining = await signedIn('admin');
    const admins = await t.database.db.query.profiles.findMany({ where: (p, { eq }) => eq(p.role, 'admin') });
    for (const other of admins) {
      if (other.id !== remaining.id) {
        expect((await patchRole(remaining.cookie, { id: other.id, role: 'attendee' })).status).toBe(200);
      }
    }
    const refused = await patchRole(remaining.cookie, { id: remaining.id, role: 'attendee' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: { code: 'last_admin', message: 'Der letzte Administrator kann nicht heruntergestuft werden.' },
    });
    const deleted = await t.app.request(`/api/admin/users?id=${remaining.id}`, {
      method: 'DELETE',
      headers: { cookie: remaining.cookie },
    });
    expect(deleted.status).toBe(409);

    // with a second admin, the first may step down
    const second = await signedIn('admin');
    expect((await patchRole(second.cookie, { id: remaining.id, role: 'attendee' })).status).toBe(200);
  });

  it('rejects an unknown role with 422 and changes nothing', async () => {
    const admin = await signedIn('admin');
    const target = await signedIn('attendee');
    expect((await patchRole(admin.cookie, { id: target.id, role: 'king' })).status).toBe(422);
  });
});
