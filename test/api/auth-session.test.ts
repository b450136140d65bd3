import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, verification } from '@server/db/schema';
import { createSetupToken } from '@server/core/setup/setup-token';
import { createTestApp, type TestApp } from '../helpers/app';
import { cookiesOf, latestMailTo, post, sessionOf, signIn, uniqueEmail } from '../helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
type ErrorBody = { error: { code: string; message: string } };
let ip = 0;
const client = () => ({ 'X-Forwarded-For': `10.20.0.${++ip}` });

describe('sessions', () => {
  it('gives every sign-in a new session and "Abmelden" ends all of them', async () => {
    const email = uniqueEmail('zwei-geraete');
    const phone = await signIn(t, email);
    await t.database.db.delete(verification); // a second code for the same address
    await t.database.db.execute(`delete from rate_limits`);
    const laptop = await signIn(t, email);
    expect(phone.cookie).not.toBe(laptop.cookie);
    expect(await sessionOf(t, phone.cookie)).not.toBeNull();
    expect(await sessionOf(t, laptop.cookie)).not.toBeNull();

    const out = await post(t, '/api/auth/sign-out', {}, { cookie: laptop.cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join('')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(await sessionOf(t, laptop.cookie)).toBeNull();
    expect(await sessionOf(t, phone.cookie)).toBeNull();
  });

  it('ends a session past its absolute lifetime of 30 days, however active', async () => {
    const { cookie, email } = await signIn(t);
    const user = await sessionOf(t, cookie);
    await t.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(session.userId, user!.id));
    expect(await sessionOf(t, cookie)).toBeNull();
    expect(await t.database.db.select().from(session).where(eq(session.userId, user!.id))).toHaveLength(0);
    expect(email).toContain('@');
  });

  it('ends a session after its idle expiry', async () => {
    const { cookie } = await signIn(t);
    const user = await sessionOf(t, cookie);
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, user!.id));
    expect(await sessionOf(t, cookie)).toBeNull();
  });

  it('answers signed out for a forged cookie', async () => {
    expect(await sessionOf(t, 'ts.session_token=forged.value')).toBeNull();
  });

  it('refuses a real session token under a wrong signature, and a signed token without a session', async () => {
    const { cookie } = await signIn(t);
    const value = decodeURIComponent(cookie.split('ts.session_token=')[1]!.split(';')[0]!);
    const dot = value.lastIndexOf('.');
    const token = value.slice(0, dot);
    const signature = value.slice(dot + 1);
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    const tampered = `ts.session_token=${encodeURIComponent(`${token}.${flipped}`)}`;
    expect(await sessionOf(t, cookie)).not.toBeNull();
    expect(await sessionOf(t, tampered)).toBeNull();
    const otherToken = `${token[0] === 'x' ? 'y' : 'x'}${token.slice(1)}`;
    const signedUnknown = createHmac('sha256', t.config.appSecret).update(otherToken).digest('base64');
    expect(
      await sessionOf(t, `ts.session_token=${encodeURIComponent(`${otherToken}.${signedUnknown}`)}`),
    ).toBeNull();
  });

  it('moves the idle expiry on at most once a day while in use, and sends the cookie again', async () => {
    const { cookie } = await signIn(t);
    const user = await sessionOf(t, cookie);
    const rowOf = async () =>
      (await t.database.db.select().from(session).where(eq(session.userId, user!.id)))[0]!;
    // fresh: no renewal, no cookie
    const fresh = await t.app.request('/api/session', { headers: { cookie } });
    expect(fresh.headers.getSetCookie()).toHaveLength(0);
    // last extended two days ago: 5 days left of 7
    const fiveDaysLeft = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    await t.database.db.update(session).set({ expiresAt: fiveDaysLeft }).where(eq(session.userId, user!.id));
    const used = await t.app.request('/api/session', { headers: { cookie } });
    expect(((await used.json()) as { user: { id: string } | null }).user?.id).toBe(user!.id);
    const renewed = (await rowOf()).expiresAt.getTime();
    expect(renewed).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);
    const [setCookie] = used.headers.getSetCookie();
    expect(setCookie).toMatch(/^ts\.session_token=/);
    expect(setCookie).toMatch(/Max-Age=604800/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie!.split(';')[0]).toBe(
      cookie
        .split(';')
        .find((part) => part.includes('session_token'))!
        .trim(),
    );
    // used again at once: nothing moves
    const again = await t.app.request('/api/session', { headers: { cookie } });
    expect(again.headers.getSetCookie()).toHaveLength(0);
    expect((await rowOf()).expiresAt.getTime()).toBe(renewed);
  });
});

describe('magic link', () => {
  it('signs in once with the mailed link; a second use is refused as used', async () => {
    const email = uniqueEmail('link');
    expect((await post(t, '/api/auth/magic-link/send', { email }, client())).status).toBe(200);
    const mail = await latestMailTo(t, email);
    const url = mail?.text.match(/https?:\/\/\S+\/auth\/magic-link\?token=([\w%-]+)/);
    expect(url).not.toBeNull();
    const token = decodeURIComponent(url![1]!);
    const ok = await post(t, '/api/auth/magic-link/verify', { token }, client());
    expect(ok.status).toBe(200);
    expect(await sessionOf(t, cookiesOf(ok))).toMatchObject({ email, emailConfirmed: true });

    // another browser (no cookie, no session storage): the server knows the link was used
    const reuse = await post(t, '/api/auth/magic-link/verify', { token }, client());
    expect(reuse.status).toBe(400);
    expect(((await reuse.json()) as ErrorBody).error).toEqual({
      code: 'link_used',
      message: 'Magic Link wurde bereits verwendet. Bitte fordere einen neuen Link an.',
    });
    expect(reuse.headers.getSetCookie()).toHaveLength(0);
    // only the token's hash is remembered
    const markers = await t.database.db.select().from(verification);
    expect(markers.some((row) => row.identifier.includes(token) || row.value.includes(token))).toBe(false);
  });

  it('calls a link that never was one invalid, not used', async () => {
    const res = await post(t, '/api/auth/magic-link/verify', { token: 'x'.repeat(32) }, client());
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error).toEqual({
      code: 'link_invalid',
      message: 'Magic Link ist ungültig oder abgelaufen.',
    });
  });

  it('refuses an expired link', async () => {
    const email = uniqueEmail('alt');
    await post(t, '/api/auth/magic-link/send', { email }, client());
    const token = decodeURIComponent((await latestMailTo(t, email))!.text.match(/token=([\w%-]+)/)![1]!);
    await t.database.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await post(t, '/api/auth/magic-link/verify', { token }, client());
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe('link_invalid');
  });
});

describe('owner setup', () => {
  const setup = (body: object) => post(t, '/api/setup/owner', body, client());

  it('refuses forged and expired tokens and changes nothing', async () => {
    const good = createSetupToken(t.config.appSecret);
    const forged = `${good.split('.')[0]}.AAAA${good.split('.')[1]!.slice(4)}`;
    const other = createSetupToken('x'.repeat(40));
    const expired = createSetupToken(t.config.appSecret, new Date(Date.now() - 25 * 3600 * 1000));
    for (const token of [forged, other, expired, 'kaputt']) {
      const res = await setup({ email: 'owner@example.org', token });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code).toBe('token_invalid');
    }
    const missing = await setup({ email: 'owner@example.org', token: '' });
    expect(missing.status).toBe(422);
  });

  it('creates the first admin once; the token cannot be used again', async () => {
    const token = createSetupToken(t.config.appSecret);
    const res = await setup({ email: 'Owner@Example.org', full_name: 'Olivia Owner', token });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Admin-Benutzer erstellt. Bitte prüfen Sie Ihr E-Mail-Postfach und melden Sie sich an.',
    );
    expect((await latestMailTo(t, 'owner@example.org'))?.subject).toBeTruthy();
    const again = await setup({ email: 'second@example.org', token });
    expect(again.status).toBe(400);

    // the new admin signs in by code
    const { cookie } = await signIn(t, 'owner@example.org');
    expect(await sessionOf(t, cookie)).toMatchObject({ role: 'admin', fullName: 'Olivia Owner' });

    // a fresh token cannot make a second "first" admin
    const late = await setup({ email: 'late@example.org', token: createSetupToken(t.config.appSecret) });
    expect(late.status).toBe(409);
  });
});

describe('sessions behind https', () => {
  it('reads the __Secure- cookie better-auth sets on https and renews it with Secure', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://tickets.example' } });
    try {
      const { cookie } = await signIn(secure);
      expect(cookie).toMatch(/^__Secure-ts\.session_token=/);
      const user = await sessionOf(secure, cookie);
      expect(user).not.toBeNull();
      // without the prefix the cookie is not the session's (a plain-http cookie cannot pose as it)
      expect(await sessionOf(secure, cookie.replace('__Secure-', ''))).toBeNull();
      await secure.database.db
        .update(session)
        .set({ expiresAt: new Date(Date.now() + 2 * 24 * 3600 * 1000) })
        .where(eq(session.userId, user!.id));
      const renewed = await secure.app.request('/api/session', { headers: { cookie } });
      const [setCookie] = renewed.headers.getSetCookie();
      expect(setCookie).toMatch(/^__Secure-ts\.session_token=/);
      expect(setCookie).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});
