import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@shared/admin-dashboard';
import type { AdminSettings } from '@shared/admin-settings';
import type { LegalSettings } from '@shared/legal-settings';
import type { AppSettings } from '@shared/settings';
import { appSettings } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { signedInUser } from '../helpers/tickets';

// Card 'Rechtliches & Betreiber' (issue 12 item 2, docs/decisions/021): PUT /api/admin/settings/legal,
// what GET /api/settings shows of it, and the dashboard's list of missing required data. The accessibility
// statement's fields (issue 29 item 14, docs/decisions/047): stored in the row `accessibility`.

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

/** The operator's part of the accessibility statement, as the card sends it. */
const STATEMENT = {
  accessibilityConformity: 'partial',
  accessibilityKnownGaps: 'Die Ticket-PDFs sind nicht getaggt.\nDer Saalplan ist nur als Bild vorhanden.',
  accessibilityContactEmail: 'barrieren@haus-am-see.example',
  accessibilityAuthority: '',
  accessibilityReviewedOn: '2026-06-30',
} as const;
const withoutStatement = ({
  accessibilityConformity: _c,
  accessibilityKnownGaps: _g,
  accessibilityContactEmail: _e,
  accessibilityAuthority: _a,
  accessibilityReviewedOn: _d,
  ...rest
}: LegalSettings) => rest;

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
  ...STATEMENT,
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
    const { imprintUrl, privacyUrl, termsUrl, supportEmail, ...operator } = withoutStatement(GMBH);
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
    const { taxNumber: _, imprintUrl, privacyUrl, termsUrl, supportEmail, ...shown } = withoutStatement(GMBH);
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

describe('PUT /api/admin/settings/legal: the accessibility statement (docs/decisions/047)', () => {
  it('stores the statement in its own row and shows it to visitors; line ends and blank lines are tidied', async () => {
    await publicSettings(); // fills the cache that the save must refresh
    const saved = await json<AppSettings>(
      put({
        ...GMBH,
        accessibilityKnownGaps:
          '  Die Ticket-PDFs sind nicht getaggt. \r\n\r\n\tDer Saalplan ist nur als Bild vorhanden.\n',
        accessibilityAuthority: 'MLBF\r\nPostfach 39 11 55\r\n39135 Magdeburg',
      }),
    );
    const expected = {
      conformity: 'partial',
      knownGaps: STATEMENT.accessibilityKnownGaps,
      contactEmail: STATEMENT.accessibilityContactEmail,
      authority: 'MLBF\nPostfach 39 11 55\n39135 Magdeburg',
      reviewedOn: '2026-06-30',
    };
    expect(saved.accessibility).toEqual(expected);
    expect((await publicSettings()).accessibility).toEqual(expected);
    const [row] = (await t.database.db.select().from(appSettings)).filter((r) => r.key === 'accessibility');
    expect(row?.value).toEqual(expected);
    // the operator row holds no statement field
    expect(Object.keys((await adminSettings()).settings.operator)).not.toContain('accessibilityConformity');
  });

  it('accepts a statement not yet written (every field empty) and full conformity without gaps', async () => {
    const empty = {
      accessibilityConformity: '',
      accessibilityKnownGaps: '',
      accessibilityContactEmail: '',
      accessibilityAuthority: '',
      accessibilityReviewedOn: '',
    };
    await json(put({ ...GMBH, ...empty }));
    expect((await publicSettings()).accessibility).toEqual({
      conformity: '',
      knownGaps: '',
      contactEmail: '',
      authority: '',
      reviewedOn: '',
    });
    await json(put({ ...GMBH, accessibilityConformity: 'full', accessibilityKnownGaps: ' \n ' }));
    expect((await publicSettings()).accessibility).toMatchObject({ conformity: 'full', knownGaps: '' });
  });

  it('refuses a bad statement with 422 and a German message, and changes nothing', async () => {
    await json(put(GMBH));
    const before = (await adminSettings()).settings;
    const { accessibilityKnownGaps: _, ...withoutGaps } = GMBH;
    const cases: [unknown, string][] = [
      [
        { ...GMBH, accessibilityConformity: 'ja' },
        'Stand der Vereinbarkeit: bitte eine der angebotenen Stufen wählen.',
      ],
      [
        { ...GMBH, accessibilityConformity: 'full' },
        'Bekannte Einschränkungen: bei „vollständig konform“ bitte keine eintragen – oder „teilweise konform“ wählen.',
      ],
      [
        { ...GMBH, accessibilityKnownGaps: 'PDF\tnicht getaggt' },
        'Bekannte Einschränkungen: bitte ohne Tabulatoren und Steuerzeichen, eine Angabe je Zeile.',
      ],
      [
        { ...GMBH, accessibilityKnownGaps: Array.from({ length: 31 }, (_, i) => `Lücke ${i}`).join('\n') },
        'Bekannte Einschränkungen: höchstens 30 Zeilen.',
      ],
      [
        { ...GMBH, accessibilityKnownGaps: 'x'.repeat(4001) },
        'Bekannte Einschränkungen: höchstens 4000 Zeichen.',
      ],
      [withoutGaps, 'Bekannte Einschränkungen: bitte als Text angeben.'],
      [
        { ...GMBH, accessibilityAuthority: Array.from({ length: 11 }, (_, i) => `Zeile ${i}`).join('\n') },
        'Zuständige Marktüberwachungsbehörde: höchstens 10 Zeilen.',
      ],
      [
        { ...GMBH, accessibilityContactEmail: 'barrieren-at-example' },
        'E-Mail für Hinweise auf Barrieren: bitte eine gültige E-Mail-Adresse eingeben.',
      ],
      [
        { ...GMBH, accessibilityReviewedOn: '30.06.2026' },
        'Stand der Erklärung: bitte ein gültiges Datum wählen.',
      ],
      [
        { ...GMBH, accessibilityReviewedOn: '2026-02-30' },
        'Stand der Erklärung: bitte ein gültiges Datum wählen.',
      ],
      [{ ...GMBH, accessibilityReviewedOn: 20260630 }, 'Stand der Erklärung: bitte als Datum angeben.'],
      // far enough ahead for any clock this test runs under; the day's boundary: accessibility-statement.test.ts
      [
        { ...GMBH, accessibilityReviewedOn: '2999-01-01' },
        'Stand der Erklärung: bitte kein Datum in der Zukunft angeben.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      const text = await res.text();
      expect(res.status, text).toBe(422);
      const { error } = JSON.parse(text) as { error: { message: string; details: { path: string }[] } };
      expect(error.message).toBe(message);
      expect(error.details[0]?.path).toMatch(/^accessibility/);
    }
    expect((await adminSettings()).settings).toEqual(before);
  });
});
