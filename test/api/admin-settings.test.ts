import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings, IntegrationStatus, SecretsStatus } from '@shared/admin-settings';
import type { CancellationPolicy, CancellationRule, PolicyEvent } from '@shared/cancellation-policies';
import type { AppSettings } from '@shared/settings';
import { integrationStatus } from '@server/core/settings/integration-status';
import { sanitizeSvg } from '@server/core/settings/sanitize-svg';
import { SECRET_NAMES, SecretDecryptError, SecretStore } from '@server/core/settings/secret-store';
import { createEvent, createUser } from '@server/demo/factories';
import { appSecrets, events } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { signIn, uniqueEmail } from '../helpers/auth';
import { pngFile } from '../helpers/png';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn('admin')).cookie;
});
afterAll(() => t.close());

type Role = 'attendee' | 'organizer' | 'admin';
async function signedIn(role: Role) {
  const email = uniqueEmail(role);
  await createUser(t.database.db, { email, role });
  return signIn(t, email);
}

const BASE = '/api/admin/settings';
function call(method: string, url: string, cookie?: string, body?: unknown) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  const payload = body === undefined || body instanceof FormData ? body : JSON.stringify(body);
  return t.app.request(url, { method, headers, body: payload as BodyInit | undefined });
}
async function ok<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await res;
  const text = await answer.text();
  expect(answer.status, text).toBe(status);
  return JSON.parse(text) as T;
}
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;
const publicSettings = async () => ok<AppSettings>(t.app.request('/api/settings'));

function logoForm(bytes: Buffer | Uint8Array, name: string, type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}
const png = (width = 600, height = 600) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 90, b: 160, alpha: 0.5 } } })
    .png()
    .toBuffer();
const storedFile = (url: string) => readFileSync(path.join(t.config.dataDir, url));

const GENERAL = {
  onboardingEnabled: false,
  timezone: 'Europe/Vienna',
  siteName: 'Haus am See',
};
const RULE = {
  minHoursBeforeEvent: 168,
  refundType: 'percentage',
  refundValue: 0.7,
  priority: 1,
  isActive: true,
};

describe('access to /api/admin/settings', () => {
  const ID = '00000000-0000-4000-8000-000000000000';
  const endpoints: [string, string, unknown?][] = [
    ['GET', BASE],
    ['GET', `${BASE}/status`],
    ['PUT', `${BASE}/general`, GENERAL],
    ['PUT', `${BASE}/integrations`, { stripePublishableKey: '' }],
    ['PUT', `${BASE}/secrets`, { STRIPE_SECRET_KEY: 'sk_test_zugriff' }],
    ['POST', `${BASE}/logos/light`],
    ['GET', `${BASE}/policies`],
    ['POST', `${BASE}/policies`],
    ['PATCH', `${BASE}/policies/${ID}`, { name: 'x', isActive: true }],
    ['POST', `${BASE}/policies/${ID}/rules`, RULE],
    ['PATCH', `${BASE}/rules/${ID}`, RULE],
    ['DELETE', `${BASE}/rules/${ID}`],
    ['GET', `${BASE}/policy-events`],
    ['PUT', `${BASE}/policy-events/${ID}`, { policyId: null }],
  ];

  it('refuses anonymous (401), attendees and organizers (403) on every endpoint and changes nothing', async () => {
    const attendee = (await signedIn('attendee')).cookie;
    const organizer = (await signedIn('organizer')).cookie;
    for (const [method, url, body] of endpoints) {
      const withBody = () => (url.includes('/logos/') ? logoForm(Buffer.from('x'), 'a.png') : body);
      expect((await call(method, url, undefined, withBody())).status, `${method} ${url}`).toBe(401);
      expect((await call(method, url, attendee, withBody())).status, `${method} ${url}`).toBe(403);
      expect((await call(method, url, organizer, withBody())).status, `${method} ${url}`).toBe(403);
    }
    expect(await t.database.db.select().from(appSecrets)).toHaveLength(0);
    expect((await publicSettings()).brand.siteName).not.toBe(GENERAL.siteName);
  });

  it('lets an admin use every endpoint', async () => {
    const event = await createEvent(t.database.db);
    await ok(call('GET', BASE, admin));
    await ok(call('GET', `${BASE}/status`, admin));
    await ok(call('PUT', `${BASE}/general`, admin, { ...GENERAL, onboardingEnabled: true }));
    await ok(call('PUT', `${BASE}/integrations`, admin, { stripePublishableKey: '' }));
    await ok(call('PUT', `${BASE}/secrets`, admin, { STRIPE_WEBHOOK_SECRET: 'whsec_zugriff' }));
    await ok(call('POST', `${BASE}/logos/dark`, admin, logoForm(await png(), 'logo.png')));
    await ok(call('GET', `${BASE}/policies`, admin));
    const policy = await ok<CancellationPolicy>(call('POST', `${BASE}/policies`, admin), 201);
    await ok(call('PATCH', `${BASE}/policies/${policy.id}`, admin, { name: 'A', isActive: true }));
    const rule = await ok<CancellationRule>(
      call('POST', `${BASE}/policies/${policy.id}/rules`, admin, RULE),
      201,
    );
    await ok(call('PATCH', `${BASE}/rules/${rule.id}`, admin, { ...RULE, priority: 2 }));
    await ok(call('DELETE', `${BASE}/rules/${rule.id}`, admin));
    await ok(call('GET', `${BASE}/policy-events`, admin));
    await ok(call('PUT', `${BASE}/policy-events/${event.id}`, admin, { policyId: policy.id }));
  });
});

describe('Allgemeine Einstellungen and Integrationen', () => {
  it('saves onboarding, time zone and site name, visible at once in GET /api/settings', async () => {
    await publicSettings(); // fills the cache that the save must refresh
    const saved = await ok<AppSettings>(call('PUT', `${BASE}/general`, admin, GENERAL));
    expect(saved.brand.siteName).toBe('Haus am See');
    const settings = await publicSettings();
    expect(settings.onboarding).toEqual({ enabled: false });
    expect(settings.timezone).toEqual({ name: 'Europe/Vienna' });
    expect(settings.brand.siteName).toBe('Haus am See');
  });

  it('reaches another app instance on the same database, which drops its cached settings', async () => {
    const other = await createTestApp({ database: t.database });
    await other.services.seatFeed.start();
    try {
      const read = async () => ok<AppSettings>(other.app.request('/api/settings'));
      await ok(call('PUT', `${BASE}/general`, admin, { ...GENERAL, siteName: 'Vorher' }));
      expect((await read()).brand.siteName).toBe('Vorher'); // now cached in the other instance
      await ok(call('PUT', `${BASE}/general`, admin, { ...GENERAL, siteName: 'Nachher' }));
      await expect.poll(async () => (await read()).brand.siteName, { timeout: 5000 }).toBe('Nachher');
    } finally {
      await other.services.seatFeed.stop();
    }
  });

  it('keeps the logos when the site name changes (fields of one row are merged)', async () => {
    const { url } = await ok<{ url: string }>(
      call('POST', `${BASE}/logos/light`, admin, logoForm(await png(), 'hell.png')),
    );
    await ok(call('PUT', `${BASE}/general`, admin, { ...GENERAL, siteName: 'Neuer Name' }));
    expect((await publicSettings()).brand).toMatchObject({ siteName: 'Neuer Name', logoLightUrl: url });
  });

  it('refuses an unknown time zone, an empty site name or a non-boolean with 422 and keeps the old values', async () => {
    await ok(call('PUT', `${BASE}/general`, admin, GENERAL));
    for (const bad of [
      { ...GENERAL, timezone: 'Mars/Olympus' },
      { ...GENERAL, siteName: '   ' },
      { ...GENERAL, onboardingEnabled: 'ja' },
    ]) {
      const res = await call('PUT', `${BASE}/general`, admin, bad);
      expect(res.status).toBe(422);
    }
    const res = await call('PUT', `${BASE}/general`, admin, { ...GENERAL, timezone: 'Mars/Olympus' });
    expect((await errorOf(res)).message).toBe('Unbekannte Zeitzone.');
    expect((await publicSettings()).timezone.name).toBe('Europe/Vienna');
  });

  it('stores the Stripe publishable key as a public setting and checks its form', async () => {
    await ok(call('PUT', `${BASE}/integrations`, admin, { stripePublishableKey: 'pk_test_abc123' }));
    expect((await publicSettings()).integrations.stripePublishableKey).toBe('pk_test_abc123');
    const bad = await call('PUT', `${BASE}/integrations`, admin, { stripePublishableKey: 'sk_test_geheim' });
    expect(bad.status).toBe(422);
    expect((await publicSettings()).integrations.stripePublishableKey).toBe('pk_test_abc123');
    await ok(call('PUT', `${BASE}/integrations`, admin, { stripePublishableKey: '' }));
  });
});

describe('Rechnungen (docs/product/invoices.md#settings)', () => {
  it('answers the invoice settings once, inside the settings', async () => {
    await ok(call('PUT', `${BASE}/invoicing`, admin, { taxMode: 'vat_7', numberPrefix: 'AB' }));
    const view = await ok<AdminSettings>(call('GET', BASE, admin));
    expect(Object.keys(view).sort()).toEqual(['secrets', 'settings']);
    expect(view.settings.invoicing).toEqual({ taxMode: 'vat_7', numberPrefix: 'AB' });
  });
});

describe('Server-Secrets', () => {
  const PLAIN = 'sk_test_GeheimerSchluessel4711';

  it('stores only non-empty fields, encrypted, and never answers a value', async () => {
    await t.database.db.delete(appSecrets);
    const answer = await call('PUT', `${BASE}/secrets`, admin, {
      STRIPE_SECRET_KEY: PLAIN,
      STRIPE_WEBHOOK_SECRET: '',
    });
    const text = await answer.text();
    expect(answer.status).toBe(200);
    expect(text).not.toContain(PLAIN);
    const status = JSON.parse(text) as SecretsStatus;
    expect(status.stripeSecretKey.set).toBe(true);
    expect(status.stripeWebhookSecret).toEqual({ set: false, updatedAt: null });

    const rows = await t.database.db.select().from(appSecrets);
    expect(rows.map((row) => row.key)).toEqual([SECRET_NAMES.stripeSecretKey]);
    expect(rows[0]!.ciphertext).not.toContain(PLAIN);
    expect(rows[0]!.ciphertext).not.toContain('GeheimerSchluessel');
    expect(rows[0]!.ciphertext).not.toContain(Buffer.from(PLAIN).toString('base64url').slice(0, 12));

    for (const url of [BASE, `${BASE}/status`, '/api/settings']) {
      const body = await (await call('GET', url, admin)).text();
      expect(body, url).not.toContain(PLAIN);
    }
    const settings = await ok<AdminSettings>(call('GET', BASE, admin));
    expect(settings.secrets.stripeSecretKey.set).toBe(true);

    // an empty field later leaves the stored value as it is
    await ok(
      call('PUT', `${BASE}/secrets`, admin, { STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }),
    );
    const store = new SecretStore(t.database.db, t.config.appSecret);
    expect(await store.get(SECRET_NAMES.stripeSecretKey)).toBe(PLAIN);
    expect(await store.get(SECRET_NAMES.stripeWebhookSecret)).toBe('whsec_abc');
  });

  it('refuses a request without any value (400) or with a malformed key (422)', async () => {
    const empty = await call('PUT', `${BASE}/secrets`, admin, {
      STRIPE_SECRET_KEY: '  ',
      STRIPE_WEBHOOK_SECRET: '',
    });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe('Bitte mindestens ein Secret eingeben.');
    const bad = await call('PUT', `${BASE}/secrets`, admin, { STRIPE_SECRET_KEY: 'pk_test_oeffentlich' });
    expect(bad.status).toBe(422);
    const store = new SecretStore(t.database.db, t.config.appSecret);
    expect(await store.get(SECRET_NAMES.stripeSecretKey)).not.toBe('pk_test_oeffentlich');
  });

  it('decrypts with the same APP_SECRET only; every value has its own IV and is bound to its name', async () => {
    const store = new SecretStore(t.database.db, t.config.appSecret);
    await store.set(SECRET_NAMES.stripeSecretKey, 'sk_test_rundreise');
    expect(await store.get(SECRET_NAMES.stripeSecretKey)).toBe('sk_test_rundreise');
    expect(store.encrypt('x', 'gleich')).not.toBe(store.encrypt('x', 'gleich'));

    const other = new SecretStore(t.database.db, 'ein-ganz-anderes-app-secret-mit-mehr-als-32-zeichen');
    await expect(other.get(SECRET_NAMES.stripeSecretKey)).rejects.toBeInstanceOf(SecretDecryptError);

    const [row] = await t.database.db
      .select()
      .from(appSecrets)
      .where(eq(appSecrets.key, SECRET_NAMES.stripeSecretKey));
    expect(() => store.decrypt(SECRET_NAMES.stripeWebhookSecret, row!.ciphertext)).toThrow(
      SecretDecryptError,
    );
    expect(
      await new SecretStore(t.database.db, t.config.appSecret).get('stripe_webhook_secret'),
    ).not.toBeNull();
  });
});

describe('integration status', () => {
  it('reports the dev mailbox and the test provider, and Stripe once a secret key is stored', async () => {
    await t.database.db.delete(appSecrets);
    const before = await ok<IntegrationStatus>(call('GET', `${BASE}/status`, admin));
    expect(before).toMatchObject({
      production: false,
      mail: { provider: 'devbox' },
      payments: { provider: 'test', secretKeySource: null, paidBookingsPossible: true },
    });
    await ok(call('PUT', `${BASE}/secrets`, admin, { STRIPE_SECRET_KEY: 'sk_test_status' }));
    const after = await ok<IntegrationStatus>(call('GET', `${BASE}/status`, admin));
    expect(after.payments).toMatchObject({ provider: 'stripe', secretKeySource: 'settings' });
    // without a publishable key the Payment Element cannot start
    expect(after.payments.paidBookingsPossible).toBe(false);
  });

  it('in production without Stripe says that paid events cannot be booked', () => {
    const unset = { set: false, updatedAt: null };
    const base = { production: true, smtpUrl: 'smtp://mail.example', stripe: {} };
    const settings = { integrations: { stripePublishableKey: '' } } as AppSettings;
    const none = integrationStatus({
      config: base,
      settings,
      secrets: { stripeSecretKey: unset, stripeWebhookSecret: unset },
    });
    expect(none).toMatchObject({
      mail: { provider: 'smtp' },
      payments: { provider: 'none', paidBookingsPossible: false },
    });
    const env = integrationStatus({
      config: { ...base, stripe: { secretKey: 'sk_live_x', publishableKey: 'pk_live_x' } },
      settings,
      secrets: { stripeSecretKey: unset, stripeWebhookSecret: unset },
    });
    expect(env.payments).toMatchObject({
      provider: 'stripe',
      secretKeySource: 'env',
      paidBookingsPossible: true,
    });
  });
});

describe('SVG sanitising', () => {
  const HOSTILE = `<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet href="http://evil.example/sheet.css"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100" onload="alert(1)">
  <script>alert('script')</script>
  <script xlink:href="http://evil.example/x.js"/>
  <defs>
    <linearGradient id="verlauf"><stop offset="0" stop-color="#123456"/></linearGradient>
    <circle id="punkt" r="4"/>
  </defs>
  <style>.marke{fill:#0a7}</style>
  <style>rect{fill:url('https://evil.example/b.png')}</style>
  <style>@import "http://evil.example/i.css";</style>
  <rect class="marke" width="100" height="100" fill="url(#verlauf)" onclick="alert(2)"/>
  <rect width="10" height="10" style="fill:url(http://evil.example/a.png)"/>
  <rect width="10" height="10" style="fill:u\\72l(http://evil.example/escaped.png)"/>
  <rect width="10" height="10" filter="url(http://evil.example/f.svg#f)"/>
  <foreignObject width="100" height="100"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(3)"/>html</div></foreignObject>
  <image xlink:href="http://evil.example/tracker.png" width="1" height="1"/>
  <image href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" width="1" height="1"/>
  <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
  <use href="http://evil.example/sprite.svg#icon"/>
  <use xlink:href="//evil.example/sprite.svg#icon"/>
  <use href="#punkt" x="50" y="50"/>
  <a href="javascript:alert(4)"><text x="5" y="20">Link</text></a>
  <a xlink:href="JaVaScRiPt:alert(5)"><path d="M0 0L10 10"/></a>
  <animate attributeName="href" to="javascript:alert(6)"/>
  <set attributeName="onmouseover" to="alert(7)"/>
  <circle cx="50" cy="50" r="20" fill="#fff"/>
</svg>`;

  it('removes scripts, handlers, foreignObject, animation and every external reference, and keeps the shapes', async () => {
    const clean = await sanitizeSvg(HOSTILE);
    expect(clean).not.toBeNull();
    for (const bad of [
      'evil.example',
      '<script',
      'onload',
      'onclick',
      'onerror',
      'foreignObject',
      'alert',
      'avascript',
      '<animate',
      '<set',
      'xml-stylesheet',
      '@import',
      'svg+xml;base64',
    ]) {
      expect(clean, bad).not.toContain(bad);
    }
    for (const good of [
      'viewBox="0 0 100 100"',
      '<linearGradient id="verlauf">',
      'fill="url(#verlauf)"',
      '<circle cx="50" cy="50" r="20" fill="#fff"',
      '<use href="#punkt"',
      '.marke{fill:#0a7}',
      'data:image/png;base64,iVBORw0KGgo=',
      '<path d="M0 0L10 10"',
      '>Link</text>',
    ]) {
      expect(clean, good).toContain(good);
    }
    // the result is itself a well-formed SVG document
    expect(await sanitizeSvg(clean!)).toBe(clean);
  });

  it('refuses what is not an SVG image, or nothing but a script', async () => {
    expect(await sanitizeSvg('<html><body>kein Bild</body></html>')).toBeNull();
    expect(await sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>')).toBeNull();
    expect(await sanitizeSvg('<svg><rect width="1" height="1"/></svg>')).toBeNull(); // no SVG namespace
    expect(
      await sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ).toBeNull();
    expect(
      await sanitizeSvg(
        '<!DOCTYPE svg [<!ENTITY a "aaaaaaaa">]><svg xmlns="http://www.w3.org/2000/svg"><text>&a;</text></svg>',
      ),
    ).toBeNull();
  });
});

describe('Branding Logos', () => {
  it('accepts a PNG by content, re-encodes it, saves the URL and deletes the replaced file', async () => {
    const first = await ok<{ ok: boolean; url: string }>(
      call(
        'POST',
        `${BASE}/logos/light`,
        admin,
        logoForm(await png(2000, 1000), 'logo.bild', 'application/octet-stream'),
      ),
    );
    expect(first.ok).toBe(true);
    expect(first.url).toMatch(/^\/uploads\/branding\/logo\/uploads\/light-\d+\.png$/);
    const meta = await sharp(storedFile(first.url)).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1024, height: 512, hasAlpha: true });
    expect((await publicSettings()).brand.logoLightUrl).toBe(first.url);
    const served = await t.app.request(first.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/png');

    await new Promise((resolve) => setTimeout(resolve, 5)); // a new timestamp, hence a new key
    const second = await ok<{ url: string }>(
      call('POST', `${BASE}/logos/light`, admin, logoForm(await png(), 'b.png')),
    );
    expect(second.url).not.toBe(first.url);
    expect((await t.app.request(first.url)).status).toBe(404);
  });

  it('stores an SVG sanitised and serves it as image/svg+xml', async () => {
    const res = await ok<{ url: string }>(
      call(
        'POST',
        `${BASE}/logos/dark`,
        admin,
        logoForm(Buffer.from(HOSTILE_SMALL), 'logo.svg', 'image/svg+xml'),
      ),
    );
    expect(res.url).toMatch(/\.svg$/);
    const stored = storedFile(res.url).toString('utf8');
    expect(stored).toContain('<circle');
    expect(stored).not.toContain('script');
    expect(stored).not.toContain('evil.example');
    const served = await t.app.request(res.url);
    expect(served.headers.get('Content-Type')).toBe('image/svg+xml');
    expect((await publicSettings()).brand.logoDarkUrl).toBe(res.url);
  });

  it('refuses a text file named .png, a GIF and an unknown variant with 400, and changes nothing', async () => {
    const before = (await publicSettings()).brand;
    const text = await call(
      'POST',
      `${BASE}/logos/light`,
      admin,
      logoForm(Buffer.from('nur Text, kein Bild'), 'logo.png'),
    );
    expect(text.status).toBe(400);
    expect((await errorOf(text)).message).toBe('Ungültiger Dateityp. Erlaubt: PNG, SVG, WebP, JPEG.');
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await call('POST', `${BASE}/logos/light`, admin, logoForm(gif, 'logo.png'))).status).toBe(400);
    expect((await call('POST', `${BASE}/logos/blau`, admin, logoForm(await png(), 'logo.png'))).status).toBe(
      422,
    );
    expect((await publicSettings()).brand).toEqual(before);
  });

  it('refuses a file over 5 MB with 413 and its message', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1024, 1);
    big.set(await png(), 0);
    const res = await call('POST', `${BASE}/logos/light`, admin, logoForm(big, 'gross.png'));
    expect(res.status).toBe(413);
    expect((await errorOf(res)).message).toBe('Datei zu groß. Maximal 5 MB.');
  });

  it('refuses a small PNG that claims a 20000 × 20000 canvas with the pixel limit, not as a wrong type', async () => {
    const bomb = pngFile(20_000, 20_000, 0, deflateSync(Buffer.alloc(64)));
    const res = await call('POST', `${BASE}/logos/light`, admin, logoForm(bomb, 'riesig.png'));
    expect(res.status).toBe(413);
    expect((await errorOf(res)).message).toBe('Das Bild hat zu viele Pixel (höchstens 64 Megapixel).');
  });
});

const HOSTILE_SMALL = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">
<script>alert(1)</script><image href="http://evil.example/x.png"/><circle cx="5" cy="5" r="4"/></svg>`;

describe('cancellation policies', () => {
  it('creates "Neue Richtlinie", names an empty name "Ohne Namen" and keeps the active flag', async () => {
    const created = await ok<CancellationPolicy>(call('POST', `${BASE}/policies`, admin), 201);
    expect(created).toMatchObject({ name: 'Neue Richtlinie', isActive: true, rules: [] });
    const renamed = await ok<CancellationPolicy>(
      call('PATCH', `${BASE}/policies/${created.id}`, admin, { name: '   ', isActive: false }),
    );
    expect(renamed).toMatchObject({ name: 'Ohne Namen', isActive: false });
    const listed = await ok<CancellationPolicy[]>(call('GET', `${BASE}/policies`, admin));
    expect(listed[0]).toMatchObject({ id: created.id, name: 'Ohne Namen' });
    expect(
      (await call('PATCH', `${BASE}/policies/${'1'.repeat(8)}`, admin, { name: 'x', isActive: true })).status,
    ).toBe(422);
  });

  it('validates rules: percentage 0..1, fixed amount ≥ 0, whole hours ≥ 0', async () => {
    const policy = await ok<CancellationPolicy>(call('POST', `${BASE}/policies`, admin), 201);
    const rules = `${BASE}/policies/${policy.id}/rules`;
    const refused = [
      { ...RULE, refundValue: 1.01 },
      { ...RULE, refundValue: -0.1 },
      { ...RULE, refundType: 'fixed_amount', refundValue: -1 },
      { ...RULE, minHoursBeforeEvent: 1.5 },
      { ...RULE, minHoursBeforeEvent: -1 },
      { ...RULE, refundType: 'alles' },
      { ...RULE, priority: 'hoch' },
    ];
    for (const rule of refused)
      expect((await call('POST', rules, admin, rule)).status, JSON.stringify(rule)).toBe(422);
    const percent = await call('POST', rules, admin, { ...RULE, refundValue: 2 });
    expect((await errorOf(percent)).message).toBe('Ein Prozentwert liegt zwischen 0 und 1 (1 = 100 %).');

    const fixed = await ok<CancellationRule>(
      call('POST', rules, admin, {
        ...RULE,
        refundType: 'fixed_amount',
        refundValue: 25.5,
        minHoursBeforeEvent: 24,
      }),
      201,
    );
    expect(fixed).toMatchObject({ refundType: 'fixed_amount', refundValue: 25.5, minHoursBeforeEvent: 24 });
    await ok(call('POST', rules, admin, RULE), 201);
    await ok(call('POST', rules, admin, { ...RULE, minHoursBeforeEvent: 0, refundValue: 0 }), 201);
    const listed = (await ok<CancellationPolicy[]>(call('GET', `${BASE}/policies`, admin))).find(
      (p) => p.id === policy.id,
    )!;
    expect(listed.rules.map((rule) => rule.minHoursBeforeEvent)).toEqual([168, 24, 0]);

    const updated = await ok<CancellationRule>(
      call('PATCH', `${BASE}/rules/${fixed.id}`, admin, {
        ...RULE,
        minHoursBeforeEvent: 72,
        refundValue: 0.5,
        isActive: false,
      }),
    );
    expect(updated).toMatchObject({
      minHoursBeforeEvent: 72,
      refundType: 'percentage',
      refundValue: 0.5,
      isActive: false,
    });
    expect(
      (await call('PATCH', `${BASE}/rules/${fixed.id}`, admin, { ...RULE, refundValue: 3 })).status,
    ).toBe(422);
    await ok(call('DELETE', `${BASE}/rules/${fixed.id}`, admin));
    expect((await call('DELETE', `${BASE}/rules/${fixed.id}`, admin)).status).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000001';
    expect((await call('POST', `${BASE}/policies/${unknown}/rules`, admin, RULE)).status).toBe(404);
  });

  it('assigns a policy to an event, or none, and lists events by start', async () => {
    const policy = await ok<CancellationPolicy>(call('POST', `${BASE}/policies`, admin), 201);
    const later = await createEvent(t.database.db, { startTime: new Date(Date.now() + 90 * 86_400_000) });
    const sooner = await createEvent(t.database.db, { startTime: new Date(Date.now() + 2 * 86_400_000) });
    const assigned = await ok<PolicyEvent>(
      call('PUT', `${BASE}/policy-events/${later.id}`, admin, { policyId: policy.id }),
    );
    expect(assigned).toMatchObject({ id: later.id, cancellationPolicyId: policy.id });
    const [row] = await t.database.db.select().from(events).where(eq(events.id, later.id));
    expect(row?.cancellationPolicyId).toBe(policy.id);

    const listed = await ok<PolicyEvent[]>(call('GET', `${BASE}/policy-events`, admin));
    const ids = listed.map((event) => event.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));

    await ok(call('PUT', `${BASE}/policy-events/${later.id}`, admin, { policyId: null }));
    const [cleared] = await t.database.db.select().from(events).where(eq(events.id, later.id));
    expect(cleared?.cancellationPolicyId).toBeNull();
    const unknown = '00000000-0000-4000-8000-000000000002';
    expect(
      (await call('PUT', `${BASE}/policy-events/${later.id}`, admin, { policyId: unknown })).status,
    ).toBe(404);
    expect((await call('PUT', `${BASE}/policy-events/${unknown}`, admin, { policyId: null })).status).toBe(
      404,
    );
  });
});
