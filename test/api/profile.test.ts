import { existsSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_TEXTS, CONSENT_VERSION, DSGVO_CONSENT_TEXT } from '@shared/consent-texts';
import type { ProfileDetails } from '@shared/profile';
import { uploadProfileImage } from '@server/core/profiles/upload-profile-image';
import { createUser } from '@server/demo/factories';
import {
  consents,
  mailOutbox,
  profiles,
  user,
  userNotificationPreferences,
  verification,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { latestMailTo, post, sessionOf, signIn, uniqueEmail } from '../helpers/auth';
import { pngFile } from '../helpers/png';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string } };
type Role = 'attendee' | 'organizer' | 'admin';

/** A person signed in by code; attendees come straight from sign-up (no phone yet), like a new visitor. */
async function signedIn(role: Role = 'attendee') {
  const email = uniqueEmail(role);
  if (role !== 'attendee') await createUser(t.database.db, { email, role });
  const { cookie } = await signIn(t, email);
  const session = await sessionOf(t, cookie);
  return { cookie, email, id: session!.id };
}

const send = (method: string, url: string, cookie: string | undefined, body?: unknown) =>
  t.app.request(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const upload = (kind: string, cookie: string | undefined, file: Blob, name = 'bild.png') => {
  const form = new FormData();
  form.append('file', file, name);
  return t.app.request(`/api/profile/images/${kind}`, {
    method: 'POST',
    headers: cookie ? { cookie } : {},
    body: form,
  });
};

/** A Blob of bytes as a browser would send it (the declared type is whatever the sender claims). */
const blobOf = (bytes: Buffer, type = 'image/png') => new Blob([new Uint8Array(bytes)], { type });

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 90 } } })
    .png()
    .toBuffer();

const profileRow = async (id: string) =>
  (await t.database.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
const consentRow = async (id: string, purpose: string) =>
  (
    await t.database.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, id), eq(consents.purpose, purpose)))
  )[0];

describe('access', () => {
  it('answers 401 without a session on every route except the e-mail confirmation', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/profile'],
      ['PATCH', '/api/profile', { fullName: 'X' }],
      ['POST', '/api/profile/onboarding', { fullName: 'X', phone: '1', dsgvo: true }],
      ['PUT', '/api/profile/consents/dsgvo', { granted: true }],
      ['POST', '/api/profile/email-change', { email: 'neu@example.org' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await send(method, url, undefined, body);
      expect(res.status, `${method} ${url}`).toBe(401);
    }
    expect((await upload('avatar', undefined, blobOf(await png()))).status).toBe(401);
    // The link in the mail may be opened signed out: an unknown token is a 400, not a 401.
    const confirm = await send('POST', '/api/profile/email-change/confirm', undefined, { token: 'x' });
    expect(confirm.status).toBe(400);
  });
});

describe('profile updates', () => {
  it('lets an attendee save name and phone, deriving first and last name, and shows them in GET', async () => {
    const { cookie, id, email } = await signedIn();
    const res = await send('PATCH', '/api/profile', cookie, {
      fullName: '  Anna  Maria Beispiel ',
      phone: ' +49 30 123 ',
    });
    expect(res.status).toBe(200);
    const profile = (await res.json()) as ProfileDetails;
    expect(profile).toMatchObject({
      id,
      email,
      fullName: 'Anna Maria Beispiel',
      phone: '+49 30 123',
      role: 'attendee',
    });
    const row = await profileRow(id);
    expect([row.firstName, row.lastName]).toEqual(['Anna', 'Maria Beispiel']);

    const got = (await (await send('GET', '/api/profile', cookie)).json()) as ProfileDetails;
    expect(got).toMatchObject({
      fullName: 'Anna Maria Beispiel',
      phone: '+49 30 123',
      newsletter: false,
      pendingEmail: null,
    });
    expect(got.consents).toEqual({ dsgvo: null, marketing: null });
  });

  it('refuses a blank name or phone for an attendee with its message and changes nothing', async () => {
    const { cookie, id } = await signedIn();
    await send('PATCH', '/api/profile', cookie, { fullName: 'Anna Beispiel', phone: '0301234' });
    for (const body of [{ fullName: '   ' }, { phone: '' }, { fullName: 'B', phone: ' ' }]) {
      const res = await send('PATCH', '/api/profile', cookie, body);
      expect(res.status).toBe(422);
      expect(((await res.json()) as ErrorBody).error.message).toBe(
        'Bitte Name, E-Mail und Telefonnummer ausfüllen.',
      );
    }
    expect(await profileRow(id)).toMatchObject({ fullName: 'Anna Beispiel', phone: '0301234' });
  });

  // Decision (docs/decisions/006): extended fields from an attendee are refused with 403, not ignored,
  // so a client bug shows up instead of silently losing input.
  it('refuses display name, website and bio from an attendee with 403', async () => {
    const { cookie, id } = await signedIn();
    for (const body of [{ displayName: 'Anni' }, { website: 'https://anna.example' }, { bio: 'Hallo' }]) {
      const res = await send('PATCH', '/api/profile', cookie, body);
      expect(res.status).toBe(403);
      expect(((await res.json()) as ErrorBody).error.message).toBe(
        'Anzeigename, Website und Bio können nur Veranstalter und Admins bearbeiten.',
      );
    }
    expect(await profileRow(id)).toMatchObject({ website: null, bio: null });
  });

  it('lets organizers and admins set display name, website and bio, and leave name and phone empty', async () => {
    for (const role of ['organizer', 'admin'] as const) {
      const { cookie, id } = await signedIn(role);
      const res = await send('PATCH', '/api/profile', cookie, {
        displayName: 'Mara',
        website: 'https://mara.example/kurse',
        bio: 'Atemkurse seit 2010.',
        fullName: '',
        phone: '',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        displayName: 'Mara',
        website: 'https://mara.example/kurse',
        bio: 'Atemkurse seit 2010.',
        fullName: null,
        phone: null,
      });
      const cleared = await send('PATCH', '/api/profile', cookie, { website: '' });
      expect(((await cleared.json()) as ProfileDetails).website).toBeNull();
      expect((await profileRow(id)).website).toBeNull();
    }
  });

  it('checks website and bio: http(s) only, at most 2000 characters', async () => {
    const { cookie } = await signedIn('organizer');
    for (const website of ['javascript:alert(1)', 'ftp://mara.example', 'mara.example']) {
      const res = await send('PATCH', '/api/profile', cookie, { website });
      expect(res.status, website).toBe(422);
      expect(((await res.json()) as ErrorBody).error.message).toBe(
        'Bitte eine gültige Website-Adresse eingeben (beginnend mit http:// oder https://).',
      );
    }
    const long = await send('PATCH', '/api/profile', cookie, { bio: 'x'.repeat(2001) });
    expect(long.status).toBe(422);
    expect(((await long.json()) as ErrorBody).error.message).toBe(
      'Die Beschreibung darf höchstens 2000 Zeichen lang sein.',
    );
    expect((await send('PATCH', '/api/profile', cookie, { bio: 'x'.repeat(2000) })).status).toBe(200);
  });

  it('keeps the 1 MB JSON limit on profile routes', async () => {
    const { cookie } = await signedIn('organizer');
    const res = await send('PATCH', '/api/profile', cookie, { bio: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
  });
});

describe('onboarding', () => {
  it('refuses without the DSGVO consent or with a blank name or phone, and stores nothing', async () => {
    const { cookie, id } = await signedIn();
    for (const body of [
      { fullName: 'Anna Beispiel', phone: '0301234', dsgvo: false },
      { fullName: 'Anna Beispiel', phone: '0301234' },
      { fullName: ' ', phone: '0301234', dsgvo: true },
      { fullName: 'Anna Beispiel', phone: '  ', dsgvo: true },
    ]) {
      const res = await send('POST', '/api/profile/onboarding', cookie, body);
      expect(res.status).toBe(422);
      expect(((await res.json()) as ErrorBody).error.message).toBe(
        'Bitte fülle Name und Telefonnummer aus und stimme der DSGVO-Einwilligung zu.',
      );
    }
    expect(await consentRow(id, 'dsgvo')).toBeUndefined();
    expect((await profileRow(id)).onboardingCompletedAt).toBeNull();
  });

  it('stores the consent with version, exact text and time, the newsletter choice, and the completion', async () => {
    const { cookie, id } = await signedIn();
    const before = Date.now();
    const res = await send('POST', '/api/profile/onboarding', cookie, {
      fullName: 'Anna Beispiel',
      phone: '+49 30 1234567',
      dsgvo: true,
      newsletter: true,
    });
    expect(res.status).toBe(200);
    const profile = (await res.json()) as ProfileDetails;
    expect(profile).toMatchObject({
      fullName: 'Anna Beispiel',
      phone: '+49 30 1234567',
      hasDsgvoConsent: true,
      newsletter: true,
    });
    expect(profile.onboardingCompletedAt).not.toBeNull();

    const dsgvo = await consentRow(id, 'dsgvo');
    expect(dsgvo).toMatchObject({
      granted: true,
      version: 'v1',
      consentText: DSGVO_CONSENT_TEXT,
      metadata: { source: 'onboarding' },
      revokedAt: null,
    });
    expect(CONSENT_VERSION).toBe('v1');
    expect(dsgvo!.givenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(dsgvo!.givenAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const marketing = await consentRow(id, 'marketing');
    expect(marketing).toMatchObject({ granted: true, version: 'v1', consentText: CONSENT_TEXTS.marketing });
    const [prefs] = await t.database.db
      .select()
      .from(userNotificationPreferences)
      .where(eq(userNotificationPreferences.userId, id));
    expect(prefs!.globalMarketingEnabled).toBe(true);
    expect((await profileRow(id)).onboardingCompletedAt).toBeInstanceOf(Date);

    const session = (await sessionOf(t, cookie)) as unknown as { hasDsgvoConsent: boolean; phone: string };
    expect(session).toMatchObject({ hasDsgvoConsent: true, phone: '+49 30 1234567' });
  });

  it('leaves the newsletter off when not chosen', async () => {
    const { cookie, id } = await signedIn();
    const res = await send('POST', '/api/profile/onboarding', cookie, {
      fullName: 'Ben',
      phone: '0301',
      dsgvo: true,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as ProfileDetails).newsletter).toBe(false);
    expect(await consentRow(id, 'marketing')).toBeUndefined();
  });
});

describe('consents', () => {
  it('revokes and grants again, mirroring the newsletter preference', async () => {
    const { cookie, id } = await signedIn();
    await send('POST', '/api/profile/onboarding', cookie, {
      fullName: 'Anna',
      phone: '0301',
      dsgvo: true,
      newsletter: true,
    });
    const firstGiven = (await consentRow(id, 'marketing'))!.givenAt;

    const revoked = await send('PUT', '/api/profile/consents/marketing', cookie, { granted: false });
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as ProfileDetails).newsletter).toBe(false);
    const afterRevoke = await consentRow(id, 'marketing');
    expect(afterRevoke).toMatchObject({ granted: false, consentText: CONSENT_TEXTS.marketing });
    expect(afterRevoke!.revokedAt).toBeInstanceOf(Date);

    const granted = await send('PUT', '/api/profile/consents/marketing', cookie, { granted: true });
    const profile = (await granted.json()) as ProfileDetails;
    expect(profile.newsletter).toBe(true);
    expect(profile.consents.marketing).toMatchObject({ granted: true, version: 'v1', revokedAt: null });
    const afterGrant = await consentRow(id, 'marketing');
    expect(afterGrant).toMatchObject({ granted: true, revokedAt: null, metadata: { source: 'profile' } });
    expect(afterGrant!.givenAt.getTime()).toBeGreaterThanOrEqual(firstGiven.getTime());

    const dsgvo = await send('PUT', '/api/profile/consents/dsgvo', cookie, { granted: false });
    expect(((await dsgvo.json()) as ProfileDetails).hasDsgvoConsent).toBe(false);
    expect(((await sessionOf(t, cookie)) as unknown as { hasDsgvoConsent: boolean }).hasDsgvoConsent).toBe(
      false,
    );
  });

  it('grants a consent that did not exist yet and refuses unknown purposes', async () => {
    const { cookie, id } = await signedIn();
    const res = await send('PUT', '/api/profile/consents/dsgvo', cookie, { granted: true });
    expect(res.status).toBe(200);
    expect(await consentRow(id, 'dsgvo')).toMatchObject({ granted: true, consentText: DSGVO_CONSENT_TEXT });
    expect((await send('PUT', '/api/profile/consents/werbung', cookie, { granted: true })).status).toBe(422);
    expect((await send('PUT', '/api/profile/consents/dsgvo', cookie, { granted: 'ja' })).status).toBe(422);
  });
});

describe('e-mail change', () => {
  const linkIn = (text: string) => {
    const match = text.match(/https?:\/\/\S+\/profile\/email\?change=([^\s"<]+)/);
    if (!match) throw new Error(`no confirmation link in: ${text}`);
    return decodeURIComponent(match[1]!);
  };

  it('mails a single-use link to the new address; confirming changes the sign-in address', async () => {
    const { cookie, id, email: oldEmail } = await signedIn();
    const newEmail = uniqueEmail('neu');
    const res = await send('POST', '/api/profile/email-change', cookie, {
      email: ` ${newEmail.toUpperCase()} `,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, pending: true });

    const mail = await latestMailTo(t, newEmail);
    expect(mail?.subject).toBe('Bitte bestätige deine neue E-Mail-Adresse');
    expect(mail!.text).not.toMatch(/[?&](token|code)=/); // would be taken for a magic link (routes.ts)
    expect(mail!.secretUntil!.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000); // blanked once sent
    const token = linkIn(mail!.text);
    // The current address is told, without the link.
    const notice = await latestMailTo(t, oldEmail);
    expect(notice?.subject).toBe('Änderung deiner E-Mail-Adresse angefordert');
    expect(notice!.text).toContain(newEmail);
    expect(notice!.text).not.toContain('/profile/email?change=');

    // Not changed before the link is opened; the profile shows it as pending.
    expect((await sessionOf(t, cookie))!.email).toBe(oldEmail);
    const pending = (await (await send('GET', '/api/profile', cookie)).json()) as ProfileDetails;
    expect(pending.pendingEmail).toBe(newEmail);
    // The token is stored hashed only.
    const stored = await t.database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `email-change:${id}`));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.value).not.toContain(token.split('.')[1]!);

    const confirmed = await send('POST', '/api/profile/email-change/confirm', undefined, { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ ok: true, email: newEmail });
    const [account] = await t.database.db.select().from(user).where(eq(user.id, id));
    expect(account).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await profileRow(id)).email).toBe(newEmail);
    expect((await sessionOf(t, cookie))!.email).toBe(newEmail);

    const again = await send('POST', '/api/profile/email-change/confirm', undefined, { token });
    expect(again.status).toBe(400);
    expect(((await again.json()) as ErrorBody).error.message).toMatch(
      /ungültig oder wurde bereits verwendet/,
    );

    // The new address is now the sign-in address of the same account.
    const { cookie: newCookie } = await signIn(t, newEmail);
    expect((await sessionOf(t, newCookie))!.id).toBe(id);
  });

  it('answers an address of another account like a free one, and mails its owner instead of a link', async () => {
    const { cookie, id, email: oldEmail } = await signedIn();
    const other = await signedIn();
    const answerTo = async (email: string) => {
      const res = await send('POST', '/api/profile/email-change', cookie, { email });
      const pending = (await (await send('GET', '/api/profile', cookie)).json()) as ProfileDetails;
      return { status: res.status, body: (await res.json()) as unknown, pendingEmail: pending.pendingEmail };
    };
    const free = uniqueEmail('frei');
    expect(await answerTo(other.email.toUpperCase())).toEqual({
      status: 200,
      body: { ok: true, pending: true },
      pendingEmail: other.email,
    });
    expect(await answerTo(free)).toEqual({
      status: 200,
      body: { ok: true, pending: true },
      pendingEmail: free,
    });

    const toOwner = await latestMailTo(t, other.email);
    expect(toOwner?.subject).toMatch(/^Deine E-Mail-Adresse hat bereits ein Konto bei /);
    expect(toOwner!.text).toContain('deshalb wurde nichts geändert');
    expect(toOwner!.text).not.toContain('/profile/email?change=');
    expect((await latestMailTo(t, free))!.text).toContain('/profile/email?change=');
    const notices = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, oldEmail));
    expect(
      notices.filter((mail) => mail.subject === 'Änderung deiner E-Mail-Adresse angefordert'),
    ).toHaveLength(2);
    const [account] = await t.database.db.select().from(user).where(eq(user.id, id));
    expect(account!.email).toBe(oldEmail);
  });

  it('refuses invalid addresses with a German message', async () => {
    const { cookie } = await signedIn();
    for (const email of [
      'anna beispiel@example.org',
      'anna.example.org',
      'anna@@example.org',
      'anna@localhost',
    ]) {
      const res = await send('POST', '/api/profile/email-change', cookie, { email });
      expect(res.status, email).toBe(422);
      expect(((await res.json()) as ErrorBody).error.message).toBe(
        'Bitte eine gültige E-Mail-Adresse eingeben.',
      );
    }
  });

  it('treats the current address (other case, spaces) as no change and mails nothing', async () => {
    const { cookie, email } = await signedIn();
    const mailsBefore = (await t.database.db.select().from(mailOutbox)).length;
    const res = await send('POST', '/api/profile/email-change', cookie, {
      email: `  ${email.toUpperCase()}  `,
    });
    expect(await res.json()).toEqual({ ok: true, pending: false });
    expect((await t.database.db.select().from(mailOutbox)).length).toBe(mailsBefore);
  });

  it('refuses an expired link, and a link replaced by a newer request', async () => {
    const { cookie, id } = await signedIn();
    const first = uniqueEmail('erst');
    await send('POST', '/api/profile/email-change', cookie, { email: first });
    const firstToken = linkIn((await latestMailTo(t, first))!.text);
    const second = uniqueEmail('zweit');
    await send('POST', '/api/profile/email-change', cookie, { email: second });
    const secondToken = linkIn((await latestMailTo(t, second))!.text);

    const replaced = await send('POST', '/api/profile/email-change/confirm', undefined, {
      token: firstToken,
    });
    expect(replaced.status).toBe(400);

    await t.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `email-change:${id}`));
    const expired = await send('POST', '/api/profile/email-change/confirm', undefined, {
      token: secondToken,
    });
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as ErrorBody).error.message).toMatch(/abgelaufen/);
    const [account] = await t.database.db.select().from(user).where(eq(user.id, id));
    expect(account!.email).not.toBe(second);

    const forged = `${secondToken.split('.')[0]}.${'A'.repeat(43)}`;
    expect(
      (await send('POST', '/api/profile/email-change/confirm', undefined, { token: forged })).status,
    ).toBe(400);
  });

  // docs/product/accounts-and-consent.md#account-deletion, decision 045
  it('ends a pending change with the account: its mails go, the link is invalid (never 500)', async () => {
    const { cookie, id, email: oldEmail } = await signedIn();
    const newEmail = uniqueEmail('neu-geloescht');
    await send('POST', '/api/profile/email-change', cookie, { email: newEmail });
    const token = linkIn((await latestMailTo(t, newEmail))!.text);

    const deleted = await send('DELETE', '/api/profile', cookie, { confirm: 'LÖSCHEN' });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    const pendingChanges = await t.database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `email-change:${id}`));
    expect(pendingChanges).toHaveLength(0);
    // the link mail to the new address and the notice still waiting for the old one are gone
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, newEmail))).toHaveLength(0);
    const toOld = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, oldEmail));
    expect(toOld.map((mail) => mail.subject)).not.toContain('Änderung deiner E-Mail-Adresse angefordert');

    const opened = await send('POST', '/api/profile/email-change/confirm', undefined, { token });
    expect(opened.status).toBe(400);
    expect(((await opened.json()) as ErrorBody).error.message).toMatch(
      /ungültig oder wurde bereits verwendet/,
    );
    expect(await t.database.db.select().from(user).where(eq(user.email, newEmail))).toHaveLength(0);
  });

  it('answers the link of an account that is gone as invalid, and drops the orphaned change', async () => {
    // a change left behind by a deletion made before the deletion removed them
    const { cookie, id } = await signedIn();
    const newEmail = uniqueEmail('verwaist');
    await send('POST', '/api/profile/email-change', cookie, { email: newEmail });
    const token = linkIn((await latestMailTo(t, newEmail))!.text);
    await t.database.db.delete(user).where(eq(user.id, id));

    const opened = await send('POST', '/api/profile/email-change/confirm', undefined, { token });
    expect(opened.status).toBe(400);
    expect(((await opened.json()) as ErrorBody).error.message).toMatch(
      /ungültig oder wurde bereits verwendet/,
    );
    const left = await t.database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `email-change:${id}`));
    expect(left).toHaveLength(0);
    expect(
      await t.database.db
        .select()
        .from(userNotificationPreferences)
        .where(eq(userNotificationPreferences.userId, id)),
    ).toHaveLength(0);
  });
});

describe('image uploads', () => {
  it('accepts a PNG and serves it back under /uploads as a 512×512 WebP without metadata', async () => {
    const { cookie, id } = await signedIn();
    const res = await upload('avatar', cookie, blobOf(await png(800, 600)));
    expect(res.status).toBe(200);
    const { url, profile } = (await res.json()) as { url: string; profile: ProfileDetails };
    expect(url).toMatch(new RegExp(`^/uploads/avatars/${id}/avatars-\\d+\\.webp$`));
    expect(profile.avatarUrl).toBe(url);

    const served = await t.app.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/webp');
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();

    // A new avatar replaces the old file.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const next = await upload('avatar', cookie, blobOf(await png(300, 300)));
    const nextUrl = ((await next.json()) as { url: string }).url;
    expect(nextUrl).not.toBe(url);
    expect((await t.app.request(url)).status).toBe(404);
    expect((await t.app.request(nextUrl)).status).toBe(200);
  });

  it('refuses a text file named .png and a GIF, by content', async () => {
    const { cookie } = await signedIn();
    const text = await upload('avatar', cookie, new Blob(['kein Bild'], { type: 'image/png' }), 'foto.png');
    expect(text.status).toBe(400);
    expect(((await text.json()) as ErrorBody).error.message).toBe(
      'Ungültiger Dateityp. Erlaubt: JPEG, PNG, WebP.',
    );
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    const gifRes = await upload('avatar', cookie, blobOf(gif), 'foto.png');
    expect(gifRes.status).toBe(400);
    expect(((await gifRes.json()) as ErrorBody).error.message).toBe(
      'Ungültiger Dateityp. Erlaubt: JPEG, PNG, WebP.',
    );
  });

  it('refuses a small PNG that claims a huge canvas with the pixel limit, not as a wrong type', async () => {
    const { cookie } = await signedIn();
    // 20000 × 20000 in the header, a few bytes of pixel data: over sharp's own default limit too
    const bomb = pngFile(20_000, 20_000, 0, deflateSync(Buffer.alloc(64)));
    const res = await upload('avatar', cookie, blobOf(bomb), 'riesig.png');
    expect(res.status).toBe(413);
    expect(((await res.json()) as ErrorBody).error.message).toBe(
      'Das Bild hat zu viele Pixel (höchstens 64 Megapixel).',
    );
  });

  it('refuses 11 MB before reading it whole, and anything over 10 MB in the core', async () => {
    const { cookie, id } = await signedIn();
    const big = blobOf(Buffer.alloc(11 * 1024 * 1024, 1));
    const res = await upload('avatar', cookie, big);
    expect(res.status).toBe(413);
    expect(((await res.json()) as ErrorBody).error.message).toBe('Datei ist zu groß. Maximal 10 MB.');

    // An endless body is cut off at the limit: the server stops reading instead of buffering it all.
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    });
    const streamed = await t.app.request('/api/profile/images/avatar', {
      method: 'POST',
      headers: { cookie, 'Content-Type': 'multipart/form-data; boundary=grenze' },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(14);

    const { createStorage } = await import('@server/adapters/storage/create-storage');
    const call = uploadProfileImage({
      db: t.database.db,
      storage: createStorage(t.config),
      user: { id, role: 'attendee' },
      kind: 'avatar',
      bytes: Buffer.alloc(10 * 1024 * 1024 + 1),
    });
    await expect(call).rejects.toMatchObject({
      code: 'payload_too_large',
      message: 'Datei ist zu groß. Maximal 10 MB.',
    });
  });

  it('lets only organizers and admins upload a portrait', async () => {
    const attendee = await signedIn();
    const image = blobOf(await png());
    expect((await upload('portrait', attendee.cookie, image)).status).toBe(403);
    const organizer = await signedIn('organizer');
    const res = await upload('portrait', organizer.cookie, image);
    expect(res.status).toBe(200);
    const { profile } = (await res.json()) as { profile: ProfileDetails };
    expect(profile.portraitUrl).toMatch(
      new RegExp(`^/uploads/portraits/${organizer.id}/portraits-\\d+\\.webp$`),
    );
    expect((await upload('cover', organizer.cookie, image)).status).toBe(422);
  });

  it('serves nothing outside DATA_DIR/uploads and no other file types', async () => {
    expect(existsSync(path.join(t.config.dataDir, 'app-secret'))).toBe(true);
    for (const url of [
      '/uploads/../app-secret',
      '/uploads/%2e%2e/app-secret',
      '/uploads/..%2fapp-secret',
      '/uploads/avatars/x/nix.webp',
      '/uploads/a.txt',
    ]) {
      expect((await t.app.request(url)).status, url).toBe(404);
    }
  });
});

describe('upload requests that are not multipart', () => {
  it('answers JSON with 400 and keeps the 1 MB limit for it', async () => {
    const { cookie } = await signedIn();
    const res = await post(t, '/api/profile/images/avatar', { file: 'x' }, { cookie });
    expect(res.status).toBe(400);
    const big = await post(
      t,
      '/api/profile/images/avatar',
      { file: 'x'.repeat(2 * 1024 * 1024) },
      { cookie },
    );
    expect(big.status).toBe(413);
    const empty = await upload('avatar', cookie, new Blob([]), '');
    expect(empty.status).toBe(400);
  });
});
