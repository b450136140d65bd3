import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, verification } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { codeFromMail, cookiesOf, latestMailTo, post, sessionOf, uniqueEmail } from '../helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
const client = () => ({ 'X-Forwarded-For': `10.9.0.${++ipCounter}` });
type ErrorBody = { error: { code: string; message: string } };

async function sendAndGetCode(email: string) {
  const res = await post(t, '/api/auth/code/send', { email }, client());
  expect(res.status).toBe(200);
  return codeFromMail(t, email);
}

describe('sending a code', () => {
  it('mails a 6-digit code, stores only its hash, and answers the same for new and known addresses', async () => {
    const email = uniqueEmail('neu');
    const first = await post(t, '/api/auth/code/send', { email }, client());
    const code = await codeFromMail(t, email);
    expect(code).toMatch(/^\d{6}$/);
    const mail = await latestMailTo(t, email);
    expect(mail?.subject).toBe(`Dein Anmeldecode: ${code}`);
    const stored = await t.database.db
      .select()
      .from(verification)
      .where(like(verification.identifier, `%${email}%`));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.value).not.toContain(code);

    // sign in once so the account exists, then compare the answers (no enumeration)
    await post(t, '/api/auth/code/verify', { email, code }, client());
    const known = uniqueEmail('known');
    await post(t, '/api/auth/code/send', { email: known }, client());
    await post(t, '/api/auth/code/verify', { email: known, code: await codeFromMail(t, known) }, client());
    await new Promise((resolve) => setTimeout(resolve, 10));
    const unknown = await post(t, '/api/auth/code/send', { email: uniqueEmail('unknown') }, client());
    expect(first.status).toBe(unknown.status);
    expect(await unknown.json()).toEqual({ ok: true });
  });

  it.each([
    ['', 'Bitte gib deine E-Mail-Adresse ein.'],
    ['keine-adresse', 'Bitte gib eine gültige E-Mail-Adresse ein.'],
    ['a@b', 'Bitte gib eine gültige E-Mail-Adresse ein.'],
  ])('rejects %j with a German message and sends nothing', async (email, message) => {
    const res = await post(t, '/api/auth/code/send', { email }, client());
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { details: { message: string }[] } };
    expect(body.error.details[0]!.message).toBe(message);
  });

  it('marks code and link mails secret until they expire; the dev mailbox still shows them once sent', async () => {
    // docs/decisions/017-input-edge-and-leaks.md: blanked after SMTP delivery or expiry, not before
    const email = uniqueEmail('geheim');
    const before = Date.now();
    const code = await sendAndGetCode(email);
    const codeMail = await latestMailTo(t, email);
    expect(codeMail!.secretUntil!.getTime()).toBeGreaterThanOrEqual(before + 10 * 60_000);
    expect(codeMail!.secretUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    const linkEmail = uniqueEmail('link');
    expect((await post(t, '/api/auth/magic-link/send', { email: linkEmail }, client())).status).toBe(200);
    const linkMail = await latestMailTo(t, linkEmail);
    expect(linkMail!.secretUntil!.getTime()).toBeGreaterThanOrEqual(before + 15 * 60_000);

    while ((await t.services.outbox.drainOnce()) > 0);
    expect(await latestMailTo(t, email)).toMatchObject({
      status: 'sent',
      subject: `Dein Anmeldecode: ${code}`,
    });
    expect((await latestMailTo(t, linkEmail))!.text).toContain('/auth/magic-link?token=');
  });

  it('limits sending per address: a second code within a minute gets 429 with the wait', async () => {
    const email = uniqueEmail('eilig');
    await sendAndGetCode(email);
    const again = await post(t, '/api/auth/code/send', { email }, client());
    expect(again.status).toBe(429);
    const wait = Number(again.headers.get('Retry-After'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(((await again.json()) as ErrorBody).error.message).toBe(
      `Zu viele Anfragen. Bitte warte ${wait} Sekunden.`,
    );
  });

  it('AUTH_CODE_INTERVAL_SECONDS shortens the wait between two codes to one address (0: none)', async () => {
    const quick = await createTestApp({ env: { AUTH_CODE_INTERVAL_SECONDS: '0' } });
    try {
      const email = uniqueEmail('schnell');
      for (let i = 0; i < 2; i++) {
        expect((await post(quick, '/api/auth/code/send', { email }, client())).status).toBe(200);
      }
    } finally {
      await quick.close();
    }
  });

  it('limits sending per client: the 31st address from one client in ten minutes gets 429', async () => {
    const headers = { 'X-Forwarded-For': '10.77.0.1' };
    for (let i = 0; i < 30; i++) {
      expect((await post(t, '/api/auth/code/send', { email: uniqueEmail('viele') }, headers)).status).toBe(
        200,
      );
    }
    expect((await post(t, '/api/auth/code/send', { email: uniqueEmail('viele') }, headers)).status).toBe(429);
    expect((await post(t, '/api/auth/code/send', { email: uniqueEmail('andere') }, client())).status).toBe(
      200,
    );
  });
});

describe('verifying a code', () => {
  it('signs in with an httpOnly SameSite=Lax cookie and creates the profile from the address', async () => {
    const email = uniqueEmail('anna.berg');
    const code = await sendAndGetCode(email);
    const res = await post(t, '/api/auth/code/verify', { email, code }, client());
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const user = await sessionOf(t, cookiesOf(res));
    expect(user).toMatchObject({
      email,
      role: 'attendee',
      emailConfirmed: true,
      fullName: email.split('@')[0],
    });
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.email, email));
    expect(profile?.role).toBe('attendee');
  });

  it('accepts a code once only', async () => {
    const email = uniqueEmail('einmal');
    const code = await sendAndGetCode(email);
    expect((await post(t, '/api/auth/code/verify', { email, code }, client())).status).toBe(200);
    const again = await post(t, '/api/auth/code/verify', { email, code }, client());
    expect(again.status).toBe(400);
    expect(((await again.json()) as ErrorBody).error.message).toBe(
      'Code ungültig oder abgelaufen. Bitte erneut senden.',
    );
  });

  it('refuses the right code after 5 wrong tries', async () => {
    const email = uniqueEmail('rater');
    const code = await sendAndGetCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post(t, '/api/auth/code/verify', { email, code: wrong }, client());
      expect(res.status).toBe(400);
    }
    const right = await post(t, '/api/auth/code/verify', { email, code }, client());
    expect(right.status).toBe(400);
    expect(right.headers.getSetCookie()).toHaveLength(0);
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const email = uniqueEmail('vertipper');
    const code = await sendAndGetCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await post(t, '/api/auth/code/verify', { email, code: wrong }, client());
    expect((await post(t, '/api/auth/code/verify', { email, code }, client())).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail('spaet');
    const code = await sendAndGetCode(email);
    await t.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, `%${email}%`));
    const res = await post(t, '/api/auth/code/verify', { email, code }, client());
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe('code_invalid');
  });

  it.each([['1234567'], ['12a456'], ['12345'], ['']])(
    'rejects the malformed code %j with 422',
    async (code) => {
      const res = await post(t, '/api/auth/code/verify', { email: uniqueEmail(), code }, client());
      expect(res.status).toBe(422);
    },
  );

  it('limits verification attempts per client', async () => {
    const headers = { 'X-Forwarded-For': '10.88.0.1' };
    const email = uniqueEmail('brute');
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await post(t, '/api/auth/code/verify', { email, code: '123456' }, headers)).status;
    }
    expect(last).toBe(429);
  });
});

describe('CSRF protection', () => {
  it('refuses state-changing requests from another origin', async () => {
    const email = uniqueEmail('csrf');
    const evil = await post(t, '/api/auth/code/send', { email }, { Origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as ErrorBody).error.code).toBe('csrf_failed');
    const crossSite = await post(t, '/api/auth/sign-out', {}, { 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(await latestMailTo(t, email)).toBeUndefined();
    const sameOrigin = await post(
      t,
      '/api/auth/code/send',
      { email },
      { Origin: t.config.publicUrl, ...client() },
    );
    expect(sameOrigin.status).toBe(200);
  });
});

describe('the per-client limit (AUTH_CLIENT_LIMIT)', () => {
  it('counts the sign-in mails of one client in ten minutes: 30 by default, the set number when given', async () => {
    const limited = await createTestApp({ env: { AUTH_CLIENT_LIMIT: '3' } });
    try {
      const office = { 'X-Forwarded-For': '10.8.0.1' };
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await post(limited, '/api/auth/code/send', { email: uniqueEmail(`buero${i}`) }, office);
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(limited.config.authClientLimit).toBe(3);
      expect(t.config.authClientLimit).toBe(30);
    } finally {
      await limited.close();
    }
  });
});
