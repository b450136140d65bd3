import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACCESSIBILITY_AUTHORITY } from '@shared/accessibility';
import { legalSettingsOf, legalSettingsSchema } from '@shared/legal-settings';
import { AppError } from '@server/core/app-error';
import { FUTURE_STATEMENT_MESSAGE, saveLegalSettings } from '@server/core/settings/save-legal-settings';
import type { TestApp } from '../helpers/app';
import { closeRenderingTestApp, createRenderingTestApp } from '../helpers/rendering-app';
import { signedInUser } from '../helpers/tickets';

// The accessibility statement (issue 29 item 14, docs/decisions/047-accessibility-statement.md): the page
// /barrierefreiheit is server-rendered like the other legal pages, with the operator's texts from the card
// 'Rechtliches & Betreiber'; its date is never later than today in the shop's time zone.

let t: TestApp;
let admin = '';

beforeAll(async () => {
  t = await createRenderingTestApp('a11y');
  admin = (await signedInUser(t, 'admin')).cookie;
});
afterAll(() => closeRenderingTestApp(t));

const rootText = async (pathname: string) => {
  const res = await t.app.request(pathname);
  expect(res.status).toBe(200);
  const html = await res.text();
  const root = /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? '';
  return root
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
};

describe('the page /barrierefreiheit', () => {
  it('is server-rendered with placeholders while the operator has written nothing, and the default authority', async () => {
    const text = await rootText('/barrierefreiheit');
    expect(text).toContain('Erklärung zur Barrierefreiheit');
    expect(text).toContain('[Bitte eintragen: Stand der Vereinbarkeit]');
    expect(text).toContain('[Bitte eintragen: Bekannte Einschränkungen]');
    expect(text).toContain('[Bitte eintragen: Stand der Erklärung]');
    for (const line of DEFAULT_ACCESSIBILITY_AUTHORITY.split('\n')) expect(text).toContain(line);
    expect(text).toContain('(MLBF)');
    expect(text).toContain('EN 301 549');
  });

  it("shows the operator's texts after a save: level, each gap, contact, authority and date", async () => {
    const current = legalSettingsOf(await t.settings.get());
    const res = await t.app.request('/api/admin/settings/legal', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', cookie: admin },
      body: JSON.stringify({
        ...current,
        accessibilityConformity: 'partial',
        accessibilityKnownGaps: 'Die Ticket-PDFs sind nicht getaggt.\nDer Saalplan ist nur ein Bild.',
        accessibilityContactEmail: 'barrieren@haus-am-see.example',
        accessibilityAuthority: 'Landesamt für Barrierefreiheit\nMusterstraße 1\n12345 Musterstadt',
        accessibilityReviewedOn: '2026-06-30',
      }),
    });
    expect(res.status, await res.text()).toBe(200);
    const text = await rootText('/barrierefreiheit');
    expect(text).toContain('Stand: 30. Juni 2026');
    expect(text).toContain('Dieser Shop ist mit diesen Anforderungen teilweise vereinbar');
    expect(text).toContain('Die Ticket-PDFs sind nicht getaggt.');
    expect(text).toContain('Der Saalplan ist nur ein Bild.');
    expect(text).toContain('barrieren@haus-am-see.example');
    expect(text).toContain('Landesamt für Barrierefreiheit Musterstraße 1 12345 Musterstadt');
    expect(text).not.toContain('MLBF');
    expect(text).not.toContain('[Bitte eintragen:');
  });
});

describe('saveLegalSettings: the statement is not dated after today in the shop’s time zone', () => {
  // 23:30 UTC on 28 November is already 29 November in Berlin
  const now = new Date('2026-11-28T23:30:00Z');
  const input = async (reviewedOn: string) =>
    legalSettingsSchema.parse({
      ...legalSettingsOf(await t.settings.get()),
      accessibilityReviewedOn: reviewedOn,
    });

  it("accepts today (Berlin's day) and refuses tomorrow with the German message, storing nothing", async () => {
    const saved = await saveLegalSettings({
      db: t.database.db,
      settings: t.settings,
      input: await input('2026-11-29'),
      now,
    });
    expect(saved.accessibility.reviewedOn).toBe('2026-11-29');
    const refused = await saveLegalSettings({
      db: t.database.db,
      settings: t.settings,
      input: await input('2026-11-30'),
      now,
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(422);
    expect((refused as AppError).message).toBe(FUTURE_STATEMENT_MESSAGE);
    expect(FUTURE_STATEMENT_MESSAGE).toBe('Stand der Erklärung: bitte kein Datum in der Zukunft angeben.');
    expect((await t.settings.get()).accessibility.reviewedOn).toBe('2026-11-29');
  });
});
