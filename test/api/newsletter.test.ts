import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consents,
  mailOutbox,
  newsletterCaptures,
  newsletterSubscriptions,
  userNotificationPreferences,
} from '@server/db/schema';
import { CONFIRM_EXPIRED_MESSAGE, CONFIRM_INVALID_MESSAGE } from '@server/core/newsletter/confirm-newsletter';
import { UNSUBSCRIBE_INVALID_MESSAGE } from '@server/core/newsletter/unsubscribe-newsletter';
import { NEWSLETTER_CONSENT_TEXT, NEWSLETTER_MESSAGES } from '@shared/newsletter';
import { createTestApp, type TestApp } from '../helpers/app';
import { post, sessionOf, signIn, uniqueEmail } from '../helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** A fresh client address per request, so only the per-address limit applies unless a test wants otherwise. */
const client = () => ({ 'X-Forwarded-For': `10.44.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

type ErrorBody = { error: { code: string; message: string; details?: { path: string; message: string }[] } };

const subscribe = (email: unknown, source: unknown = 'footer', headers = client(), metadata?: unknown) =>
  post(t, '/api/newsletter/subscribe', { email, source, ...(metadata ? { metadata } : {}) }, headers);

const mailsTo = (email: string) =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.createdAt));

const subscriptionOf = async (email: string) =>
  (
    await t.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email))
  )[0];

/** The token of a link to /email-confirmed in a mail's text (`confirm` or `unsubscribe`). */
function tokenIn(text: string, param: 'confirm' | 'unsubscribe'): string {
  const match = new RegExp(`(https?://\\S+)/email-confirmed\\?${param}=([^\\s&"<]+)`).exec(text);
  if (!match) throw new Error(`no ${param} link in:\n${text}`);
  expect(match[1]).toBe(t.config.publicUrl);
  return decodeURIComponent(match[2]!);
}

async function signUp(email: string, source = 'footer') {
  const res = await subscribe(email, source);
  expect(res.status).toBe(200);
  const mails = await mailsTo(email);
  return mails.at(-1)!;
}

const confirm = (token: string) => post(t, '/api/newsletter/confirm', { token }, client());
const unsubscribe = (token: string) => post(t, '/api/newsletter/unsubscribe', { token }, client());

describe('signing up: validation (docs/product/accounts-and-consent.md#email-format)', () => {
  it.each([
    ['', NEWSLETTER_MESSAGES.emailRequired],
    ['   ', NEWSLETTER_MESSAGES.emailRequired],
    [undefined, NEWSLETTER_MESSAGES.emailRequired],
    ['keine-adresse', NEWSLETTER_MESSAGES.emailInvalid],
    ['a@b', NEWSLETTER_MESSAGES.emailInvalid],
    ['zwei wörter@example.org', NEWSLETTER_MESSAGES.emailInvalid],
  ])('rejects %j with its message, stores nothing and sends nothing', async (email, message) => {
    const before = (await t.database.db.select().from(newsletterCaptures)).length;
    const res = await subscribe(email);
    expect(res.status).toBe(422);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.details).toContainEqual({ path: 'email', message });
    expect((await t.database.db.select().from(newsletterCaptures)).length).toBe(before);
  });

  it('rejects an unknown source', async () => {
    const res = await subscribe(uniqueEmail('quelle'), 'popup');
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).error.details?.[0]?.path).toBe('source');
  });
});

describe('capture (docs/product/accounts-and-consent.md#newsletter-form)', () => {
  it('stores every sign-up trimmed and lowercased, with source, time and user agent', async () => {
    const email = uniqueEmail('capture');
    const res = await post(
      t,
      '/api/newsletter/subscribe',
      { email: `  ${email.toUpperCase()} `, source: 'empty_state', metadata: { page: '/' } },
      { ...client(), 'User-Agent': 'Vitest-Browser/1.0' },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, alreadySubscribed: false });
    const rows = await t.database.db
      .select()
      .from(newsletterCaptures)
      .where(eq(newsletterCaptures.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source).toBe('empty_state');
    expect(rows[0]!.metadata).toMatchObject({ page: '/', userAgent: 'Vitest-Browser/1.0' });
    expect(Date.parse(String(rows[0]!.metadata.timestamp))).toBeGreaterThan(Date.now() - 60_000);

    // a second sign-up is captured again, with its own source
    await subscribe(email, 'sticky');
    const again = await t.database.db
      .select()
      .from(newsletterCaptures)
      .where(eq(newsletterCaptures.email, email));
    expect(again.map((row) => row.source).sort()).toEqual(['empty_state', 'sticky']);
  });
});

describe('double opt-in (docs/product/accounts-and-consent.md#newsletter-double-opt-in)', () => {
  it('mails a single-use link; pending until it is opened; consent kept with text, version, source and time', async () => {
    const email = uniqueEmail('doi');
    const started = Date.now();
    const mail = await signUp(email, 'inline');
    expect(mail.subject).toBe('Bitte bestätige deine Anmeldung');
    expect(mail.html).toContain('Anmeldung bestätigen');
    // never `token`/`code` as parameter: the web app would open its magic-link handler
    expect(mail.text).not.toMatch(/[?&](token|code)=/);
    const token = tokenIn(mail.text, 'confirm');
    expect(mail.html).toContain(`/email-confirmed?confirm=${encodeURIComponent(token)}`);

    const pending = await subscriptionOf(email);
    expect(pending).toMatchObject({
      status: 'pending',
      source: 'inline',
      consentText: NEWSLETTER_CONSENT_TEXT,
      consentVersion: 'v1',
      confirmedAt: null,
    });
    expect(pending!.consentedAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    // only the hash of the link's secret is stored
    expect(pending!.confirmTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(pending!.confirmTokenHash).not.toContain(token);
    const expiresInDays = (pending!.confirmTokenExpiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(expiresInDays).toBeGreaterThan(6.9);
    expect(expiresInDays).toBeLessThanOrEqual(7);

    const res = await confirm(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const confirmed = await subscriptionOf(email);
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      confirmTokenHash: null,
      consentText: NEWSLETTER_CONSENT_TEXT,
    });
    expect(confirmed!.confirmedAt).toBeInstanceOf(Date);

    const welcome = (await mailsTo(email)).at(-1)!;
    expect(welcome.subject).toMatch(/^Willkommen beim Newsletter/);

    const reused = await confirm(token);
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as ErrorBody).error).toMatchObject({
      code: 'token_invalid',
      message: CONFIRM_INVALID_MESSAGE,
    });
  });

  it('refuses an unknown link and an empty one with a German message', async () => {
    const unknown = await confirm('dies-ist-kein-gueltiger-link-aber-lang-genug');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as ErrorBody).error.message).toBe(CONFIRM_INVALID_MESSAGE);
    const empty = await confirm('');
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as ErrorBody).error.details?.[0]?.message).toBe(
      'Der Link ist unvollständig.',
    );
  });

  it('a link older than 7 days has expired', async () => {
    const email = uniqueEmail('alt');
    const token = tokenIn((await signUp(email)).text, 'confirm');
    await t.database.db
      .update(newsletterSubscriptions)
      .set({ confirmTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterSubscriptions.email, email));
    const res = await confirm(token);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toBe(CONFIRM_EXPIRED_MESSAGE);
    expect((await subscriptionOf(email))!.status).toBe('pending');
  });

  it('signing up again while pending sends a new link and the old one stops working', async () => {
    const email = uniqueEmail('nochmal');
    const first = tokenIn((await signUp(email)).text, 'confirm');
    const second = tokenIn((await signUp(email)).text, 'confirm');
    expect(second).not.toBe(first);
    expect((await mailsTo(email)).length).toBe(2);
    expect((await confirm(first)).status).toBe(400);
    expect((await confirm(second)).status).toBe(200);
  });

  it('an address that is confirmed already gets alreadySubscribed and no mail', async () => {
    const email = uniqueEmail('dabei');
    await confirm(tokenIn((await signUp(email)).text, 'confirm'));
    const mailCount = (await mailsTo(email)).length;
    const res = await subscribe(email.toUpperCase(), 'sticky');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, alreadySubscribed: true });
    expect((await mailsTo(email)).length).toBe(mailCount);
    expect(await subscriptionOf(email)).toMatchObject({ status: 'confirmed', source: 'footer' });
    const captures = await t.database.db
      .select()
      .from(newsletterCaptures)
      .where(eq(newsletterCaptures.email, email));
    expect(captures).toHaveLength(2);
  });
});

describe('unsubscribing', () => {
  it('every newsletter mail carries a working unsubscribe link; a second click changes nothing', async () => {
    const email = uniqueEmail('tschuess');
    await confirm(tokenIn((await signUp(email)).text, 'confirm'));
    const mails = await mailsTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Bitte bestätige deine Anmeldung',
      expect.stringMatching(/^Willkommen beim Newsletter/),
    ]);
    const tokens = mails.map((mail) => {
      const token = tokenIn(mail.text, 'unsubscribe');
      expect(mail.html).toContain(`/email-confirmed?unsubscribe=${encodeURIComponent(token)}`);
      expect(mail.html).toContain('Vom Newsletter abmelden');
      return token;
    });

    const res = await unsubscribe(tokens[1]!);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const gone = await subscriptionOf(email);
    expect(gone).toMatchObject({ status: 'unsubscribed' });
    expect(gone!.unsubscribedAt).toBeInstanceOf(Date);

    // the older mail's link and a repeated click both answer ok and keep the first time
    for (const token of [tokens[0]!, tokens[1]!]) {
      const again = await unsubscribe(token);
      expect(again.status).toBe(200);
    }
    expect((await subscriptionOf(email))!.unsubscribedAt).toEqual(gone!.unsubscribedAt);

    // signing up again starts a new double opt-in, not a silent re-subscription
    const res2 = await subscribe(email);
    expect(await res2.json()).toEqual({ ok: true, alreadySubscribed: false });
    expect((await subscriptionOf(email))!.status).toBe('pending');
  });

  it('unsubscribing before confirming makes the confirmation link useless', async () => {
    const email = uniqueEmail('nein');
    const mail = await signUp(email);
    expect((await unsubscribe(tokenIn(mail.text, 'unsubscribe'))).status).toBe(200);
    expect((await confirm(tokenIn(mail.text, 'confirm'))).status).toBe(400);
    expect((await subscriptionOf(email))!.status).toBe('unsubscribed');
  });

  it('refuses a forged or altered link', async () => {
    const email = uniqueEmail('faelschung');
    const token = tokenIn((await signUp(email)).text, 'unsubscribe');
    const [id, signature] = token.split('.');
    const altered = `${id}.${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [altered, `${crypto.randomUUID()}.${signature}`, 'kaputt']) {
      const res = await unsubscribe(bad);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.message).toBe(UNSUBSCRIBE_INVALID_MESSAGE);
    }
    expect((await subscriptionOf(email))!.status).toBe('pending');
  });

  it("also turns off an account's marketing consent when the address matches", async () => {
    const { email, cookie } = await signIn(t, uniqueEmail('konto'));
    const user = await sessionOf(t, cookie);
    const { db } = t.database;
    await db
      .insert(userNotificationPreferences)
      .values({ userId: user!.id, globalMarketingEnabled: true })
      .onConflictDoUpdate({
        target: userNotificationPreferences.userId,
        set: { globalMarketingEnabled: true },
      });
    await db
      .insert(consents)
      .values({ userId: user!.id, purpose: 'marketing', granted: true, consentText: 'x' });
    await confirm(tokenIn((await signUp(email)).text, 'confirm'));
    const token = tokenIn((await mailsTo(email)).at(-1)!.text, 'unsubscribe');
    expect((await unsubscribe(token)).status).toBe(200);
    const [prefs] = await db
      .select()
      .from(userNotificationPreferences)
      .where(eq(userNotificationPreferences.userId, user!.id));
    expect(prefs!.globalMarketingEnabled).toBe(false);
    const [consent] = await db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, user!.id), eq(consents.purpose, 'marketing')));
    expect(consent).toMatchObject({ granted: false, consentText: 'x' });
    expect(consent!.revokedAt).toBeInstanceOf(Date);
  });
});

describe('rate limits', () => {
  it('limits sign-ups per address: the fourth within an hour gets 429 with the wait', async () => {
    const email = uniqueEmail('oft');
    for (let i = 0; i < 3; i++) expect((await subscribe(email)).status).toBe(200);
    const res = await subscribe(email);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(((await res.json()) as ErrorBody).error.message).toMatch(
      /^Zu viele Anfragen\. Bitte warte \d+ Sekunden\.$/,
    );
    expect((await mailsTo(email)).length).toBe(3);
  });

  it('limits sign-ups per client across addresses', async () => {
    const headers = { 'X-Forwarded-For': '10.45.0.1' };
    for (let i = 0; i < 30; i++)
      expect((await subscribe(uniqueEmail('buero'), 'footer', headers)).status).toBe(200);
    const res = await subscribe(uniqueEmail('buero'), 'footer', headers);
    expect(res.status).toBe(429);
  });
});
