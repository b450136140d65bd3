import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@shared/admin-dashboard';
import type { AdminSettings } from '@shared/admin-settings';
import type { LegalSettings } from '@shared/legal-settings';
import type { AppSettings } from '@shared/settings';
import { appSettings } from '@server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { signedInUser } from './helpers/tickets';

// Card 'Rechtliches & Betreiber' (issue 12 item 2, docs/decisions/021): PUT /api/admin/settings/legal,
// what GET /api/settings shows of it, and the dashboard's list of missing required data.

let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInUser(t, 'admin')).cookie;
});
afterAll(() => t.close());

const LEGAL = '/api/admin/settings/legal';
const put = (body: unknown, cookie = admin) =>
  t.app.request(LEGAL, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await res;
  const text = await answer.text();
  expect(answer.status, text).toBe(status);
  return JSON.parse(text) as T;
}
const publicText = async () => (await t.app.request('/api/settings')).text();
const publicSettings = async () => JSON.parse(await publicText()) as AppSettings;
const adminSettings = () =>
  json<AdminSettings>(t.app.request('/api/admin/settings', { headers: { cookie: admin } }));
const missing = async () =>
  (await json<AdminDashboard>(t.app.request('/api/admin/dashboard', { headers: { cookie: admin } })))
    .missingOperatorData;

const GMBH: LegalSettings = {
  name: 'Haus am See GmbH',
  legalForm: 'gmbh',
  representatives: 'Anna Berg (Geschäftsführerin)',
  street: 'Seeweg 4',
  postalCode: '24103',
  city: 'Kiel',
  email: 'kontakt@haus-am-see.example',
  phone: '+49 431 123456',
  registerCourt: 'Amtsgericht Kiel',
  registerNumber: 'HRB 12345 KI',
  vatId: 'DE123456789',
  taxNumber: '20/123/45678',
  supervisoryAuthority: '',
  contentResponsible: 'Anna Berg',
  privacyEmail: 'datenschutz@haus-am-see.example',
  privacyOfficer: '',
  imprintUrl: '/impressum',
  privacyUrl: '/datenschutz',
  termsUrl: 'https://haus-am-see.example/agb',
  supportEmail: 'hilfe@haus-am-see.example',
};

describe('an empty settings store', () => {
  it('has no operator data: the dashboard names every required field', async () => {
    expect((await publicSettings()).operator.name).toBe('');
    expect(await missing()).toEqual([
      'name',
      'legalForm',
      'street',
      'postalCode',
      'city',
      'email',
      'contentResponsible',
    ]);
  });
});

describe('PUT /api/admin/settings/legal', () => {
  it('is for admins only', async () => {
    expect((await put(GMBH, '')).status).toBe(401);
    expect((await put(GMBH, (await signedInUser(t, 'organizer')).cookie)).status).toBe(403);
    expect((await put(GMBH, (await signedInUser(t, 'attendee')).cookie)).status).toBe(403);
    expect(await t.database.db.select().from(appSettings)).toEqual([]);
  });

  it('saves every field, reads them back, and the dashboard warning ends', async () => {
    await publicSettings(); // fills the cache that the save must refresh
    const saved = await json<AppSettings>(put({ ...GMBH, vatId: ' de 123 456 789 ' }));
    expect(saved.operator.vatId).toBe('DE123456789');
    const { settings } = await adminSettings();
    const { imprintUrl, privacyUrl, termsUrl, supportEmail, ...operator } = GMBH;
    expect(settings.operator).toEqual(operator);
    expect(settings.legal).toEqual({ imprintUrl, privacyUrl, termsUrl });
    expect(settings.supportEmail).toBe(supportEmail);
    expect(settings.brand.contactEmail).toBe(supportEmail); // decision 009: one contact address
    expect(await missing()).toEqual([]);
  });

  it('shows visitors everything but the tax number, which is for invoices only', async () => {
    await json(put(GMBH));
    const text = await publicText();
    const settings = JSON.parse(text) as AppSettings;
    expect(settings.operator).not.toHaveProperty('taxNumber');
    expect(text).not.toContain(GMBH.taxNumber);
    const { taxNumber: _, imprintUrl, privacyUrl, termsUrl, supportEmail, ...shown } = GMBH;
    expect(settings.operator).toEqual(shown);
    expect(settings.legal).toEqual({ imprintUrl, privacyUrl, termsUrl });
    expect(settings.supportEmail).toBe(supportEmail);
  });

  it('accepts required fields left empty and names them on the dashboard, per legal form', async () => {
    const partial = { ...GMBH, registerCourt: '', registerNumber: '', representatives: '', email: '' };
    await json(put(partial));
    expect(await missing()).toEqual(['representatives', 'email', 'registerCourt', 'registerNumber']);
    // an Einzelunternehmen has neither register nor representatives to name
    await json(put({ ...partial, legalForm: 'einzelunternehmen' }));
    expect(await missing()).toEqual(['email']);
    // optional fields saved empty stay empty; the default paths come back for empty URLs
    await json(put({ ...GMBH, phone: '', vatId: '', imprintUrl: '', termsUrl: '' }));
    const settings = await publicSettings();
    expect(settings.operator).toMatchObject({ phone: '', vatId: '' });
    expect(settings.legal).toEqual({
      imprintUrl: '/impressum',
      privacyUrl: '/datenschutz',
      termsUrl: '/agb',
    });
  });

  it('refuses bad input with 422 and a German message, and changes nothing', async () => {
    await json(put(GMBH));
    const before = (await adminSettings()).settings;
    const { name: _, ...withoutName } = GMBH;
    const cases: [unknown, string][] = [
      [{ ...GMBH, vatId: 'DE12345678' }, 'USt-IdNr.: bitte DE und 9 Ziffern eingeben, z. B. DE123456789.'],
      [{ ...GMBH, vatId: 'ATU12345678' }, 'USt-IdNr.: bitte DE und 9 Ziffern eingeben, z. B. DE123456789.'],
      [{ ...GMBH, email: 'keine-adresse' }, 'Kontakt-E-Mail: bitte eine gültige E-Mail-Adresse eingeben.'],
      [
        { ...GMBH, privacyEmail: 'a@' },
        'E-Mail für Datenschutzanfragen: bitte eine gültige E-Mail-Adresse eingeben.',
      ],
      [{ ...GMBH, supportEmail: '' }, 'Support-E-Mail: bitte eine gültige E-Mail-Adresse eingeben.'],
      [{ ...GMBH, postalCode: '2410' }, 'PLZ: bitte fünf Ziffern eingeben.'],
      [
        { ...GMBH, phone: 'ruf mich an' },
        'Telefonnummer: bitte nur Ziffern, Leerzeichen und + ( ) / - verwenden, z. B. +49 40 123456.',
      ],
      [
        { ...GMBH, taxNumber: '123/45' },
        'Steuernummer: bitte 10 bis 13 Ziffern eingeben, z. B. 12/345/67890.',
      ],
      [{ ...GMBH, registerNumber: 'HRB' }, 'Registernummer: bitte mit Registerart angeben, z. B. HRB 12345.'],
      [{ ...GMBH, legalForm: 'ag' }, 'Rechtsform: bitte eine der angebotenen Rechtsformen wählen.'],
      [{ ...GMBH, name: 'x'.repeat(201) }, 'Name des Anbieters: höchstens 200 Zeichen.'],
      [{ ...GMBH, street: 'Seeweg\n4' }, 'Straße und Hausnummer: bitte in einer Zeile, ohne Tabulatoren.'],
      [withoutName, 'Name des Anbieters: bitte als Text angeben.'],
    ];
    const urlMessage = (label: string) =>
      `${label}: bitte einen Pfad dieser Seite (z. B. /impressum) oder eine https-Adresse angeben.`;
    for (const imprintUrl of [
      'javascript:alert(1)',
      '//evil.example/x',
      'http://example.org/impressum',
      '/gibt-es-nicht',
    ]) {
      cases.push([{ ...GMBH, imprintUrl }, urlMessage('Impressum')]);
    }
    cases.push([{ ...GMBH, termsUrl: 'https://' }, urlMessage('AGB')]);
    for (const [body, message] of cases) {
      const res = await put(body);
      const text = await res.text();
      expect(res.status, text).toBe(422);
      expect((JSON.parse(text) as { error: { message: string } }).error.message).toBe(message);
    }
    const notAnObject = await put('Haus am See');
    expect(notAnObject.status).toBe(422);
    expect(((await notAnObject.json()) as { error: { message: string } }).error.message).toBe(
      'Bitte die Angaben als JSON-Objekt senden.',
    );
    expect((await adminSettings()).settings).toEqual(before);
  });
});
