// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MAIL_RULE_MESSAGES, type MailPreview, type MailRule, type MailRuleLog } from '@shared/mail-rules';
import { toast } from '@web/lib/toast';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { EventMailRulesSection } from './components/event-mail-rules-section';
import { GlobalMailRules } from './components/global-mail-rules';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const EVENT = '3f0b8a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const GLOBAL = '11111111-1111-4111-8111-111111111111';
const FASSUNG = '22222222-2222-4222-8222-222222222222';
const OWN = '33333333-3333-4333-8333-333333333333';

const rule = (overrides: Partial<MailRule> = {}): MailRule => ({
  id: GLOBAL,
  name: 'Erinnerung',
  trigger: 'before_start',
  offsetMinutes: 2880,
  audience: 'active',
  subject: 'Bald geht es los: {event}',
  body: 'Hallo {vorname},\nwir sehen uns am {datum}.',
  attachTicket: true,
  attachCertificate: false,
  enabled: true,
  eventId: null,
  overridesRuleId: null,
  sentCount: 3,
  lastSentAt: '2026-03-14T17:30:00.000Z',
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  ...overrides,
});
const feedback = rule({
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Feedback',
  trigger: 'after_end',
  offsetMinutes: 1440,
  audience: 'checked_in',
  attachTicket: false,
  enabled: false,
  sentCount: 0,
  lastSentAt: null,
});

const rowOf = (name: string) => screen.getByText(name).closest('li')!;
const dialog = () => screen.getByRole('dialog');
/** A control of the open dialog by its accessible name (a required field's '*' is not part of it). */
function field(name: string) {
  for (const role of ['textbox', 'spinbutton', 'combobox', 'checkbox'] as const) {
    const found = within(dialog()).queryByRole(role, { name });
    if (found) return found as HTMLInputElement;
  }
  throw new Error(`Kein Feld „${name}“`);
}
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const click = (name: string, scope: HTMLElement = document.body) =>
  fireEvent.click(within(scope).getByRole('button', { name }));
const bodyOf = (calls: { key: string; body: unknown }[], key: string) =>
  calls.find((call) => call.key === key)?.body;

describe('the global mail rules', () => {
  it('lists each rule: name, switch, when, to whom, what it has sent', async () => {
    mockApi({ 'GET /api/admin/mail-rules': () => json({ rules: [rule(), feedback] }) });
    renderPage(<GlobalMailRules />, { path: '/admin/settings' });
    const reminder = (await screen.findByText('Erinnerung')).closest('li')!;
    expect(within(reminder).getByText('2 Tage vor Beginn · Alle mit gültigem Ticket')).toBeTruthy();
    expect(within(reminder).getByText('3 gesendet · zuletzt 14.03.2026 18:30')).toBeTruthy();
    expect(
      within(reminder).getByRole('switch', { name: 'Erinnerung aktiv' }).getAttribute('aria-checked'),
    ).toBe('true');
    const after = rowOf('Feedback');
    expect(within(after).getByText('1 Tag nach Ende · Nur Eingecheckte')).toBeTruthy();
    expect(within(after).getByText('Noch nichts gesendet')).toBeTruthy();
    expect(within(after).getByRole('switch').textContent).toBe('aus');
  });

  it('switches a rule on and off with all its fields', async () => {
    const calls = mockApi({
      'GET /api/admin/mail-rules': () => json({ rules: [rule()] }),
      [`PUT /api/admin/mail-rules/${GLOBAL}`]: () => json(rule({ enabled: false })),
    });
    renderPage(<GlobalMailRules />, { path: '/admin/settings' });
    fireEvent.click(await screen.findByRole('switch', { name: 'Erinnerung aktiv' }));
    await waitFor(() =>
      expect(bodyOf(calls, `PUT /api/admin/mail-rules/${GLOBAL}`)).toEqual({
        name: 'Erinnerung',
        trigger: 'before_start',
        offsetMinutes: 2880,
        audience: 'active',
        subject: 'Bald geht es los: {event}',
        body: 'Hallo {vorname},\nwir sehen uns am {datum}.',
        attachTicket: true,
        attachCertificate: false,
        enabled: false,
      }),
    );
  });

  it('deletes a rule only after the question', async () => {
    const calls = mockApi({
      'GET /api/admin/mail-rules': () => json({ rules: [rule()] }),
      [`DELETE /api/admin/mail-rules/${GLOBAL}`]: () => json({ message: MAIL_RULE_MESSAGES.deleted }),
    });
    renderPage(<GlobalMailRules />, { path: '/admin/settings' });
    await screen.findByText('Erinnerung');
    click('Löschen', rowOf('Erinnerung'));
    expect(screen.getByRole('dialog', { name: 'Regel löschen?' })).toBeTruthy();
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);
    click('Löschen', dialog());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MAIL_RULE_MESSAGES.deleted));
    expect(calls.filter((call) => call.key.startsWith('DELETE'))).toHaveLength(1);
  });

  it("shows the 'Versandprotokoll': event, ticket code, address, time", async () => {
    const log: MailRuleLog = {
      total: 1,
      entries: [
        {
          eventId: EVENT,
          eventTitle: 'Klarheit finden',
          ticketCode: '7K3Q',
          to: 'lena@demo.example',
          sentAt: '2026-03-12T08:05:00.000Z',
        },
      ],
    };
    mockApi({
      'GET /api/admin/mail-rules': () => json({ rules: [rule()] }),
      [`GET /api/admin/mail-rules/${GLOBAL}/log`]: () => json(log),
    });
    renderPage(<GlobalMailRules />, { path: '/admin/settings' });
    await screen.findByText('Erinnerung');
    click('Versandprotokoll', rowOf('Erinnerung'));
    const row = (await within(dialog()).findByText('Klarheit finden')).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Klarheit finden',
      '7K3Q',
      'lena@demo.example',
      '12.03.2026 09:05',
    ]);
    expect(within(dialog()).getByText('1 E-Mail gesendet.')).toBeTruthy();
  });
});

describe('the rule dialog', () => {
  it("builds the request from the inputs: '2 Tage vor Beginn' is 2880 minutes before_start", async () => {
    const calls = mockApi({
      'GET /api/admin/mail-rules': () => json({ rules: [] }),
      'POST /api/admin/mail-rules': () => json(rule(), 201),
    });
    renderPage(<GlobalMailRules />, { path: '/admin/settings' });
    click('Neue Regel');
    expect(screen.getByRole('dialog', { name: 'Neue Regel' })).toBeTruthy();
    for (const placeholder of ['{vorname}', '{online_link}', '{bestellnummer}']) {
      expect(within(dialog()).getByText(placeholder)).toBeTruthy();
    }
    expect(within(dialog()).getByText('Bestellnummer, z. B. WR-7K3Q9F')).toBeTruthy();
    type('Name', ' Erinnerung ');
    type('Anzahl', '2');
    fireEvent.change(field('Einheit'), { target: { value: 'days' } });
    fireEvent.change(field('Bezug'), { target: { value: 'before_start' } });
    fireEvent.change(field('Empfänger'), { target: { value: 'not_checked_in' } });
    type('Betreff', 'Bald geht es los: {event}');
    type('Text', 'Hallo {vorname}');
    fireEvent.click(field('Ticket als PDF anhängen'));
    click('Speichern', dialog());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MAIL_RULE_MESSAGES.saved));
    expect(bodyOf(calls, 'POST /api/admin/mail-rules')).toEqual({
      name: 'Erinnerung',
      trigger: 'before_start',
      offsetMinutes: 2880,
      audience: 'not_checked_in',
      subject: 'Bald geht es los: {event}',
      body: 'Hallo {vorname}',
      attachTicket: true,
      attachCertificate: false,
      enabled: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("edits a rule: '3 Stunden nach Ende', switched off, sent with PUT", async () => {
    const calls = mockApi({
      'GET /api/admin/mail-rules': () => json({ rules: [rule()] }),
      [`PUT /api/admin/mail-rules/${GLOBAL}`]: () => json(rule()),
    });
    renderPage(<GlobalMailRules />, { path: '/admin/settings' });
    await screen.findByText('Erinnerung');
    click('Bearbeiten', rowOf('Erinnerung'));
    expect(field('Anzahl').value).toBe('2');
    expect(field('Einheit').value).toBe('days');
    expect(field('Betreff').value).toBe('Bald geht es los: {event}');
    type('Anzahl', '3');
    fireEvent.change(field('Einheit'), { target: { value: 'hours' } });
    fireEvent.change(field('Bezug'), { target: { value: 'after_end' } });
    fireEvent.click(field('Aktiv'));
    click('Speichern', dialog());
    await waitFor(() =>
      expect(bodyOf(calls, `PUT /api/admin/mail-rules/${GLOBAL}`)).toMatchObject({
        offsetMinutes: 180,
        trigger: 'after_end',
        enabled: false,
      }),
    );
  });

  it('checks the inputs before sending and shows the messages at their fields', async () => {
    const calls = mockApi({ 'GET /api/admin/mail-rules': () => json({ rules: [] }) });
    renderPage(<GlobalMailRules />, { path: '/admin/settings' });
    click('Neue Regel');
    type('Name', 'Erinnerung');
    type('Anzahl', '1,5');
    type('Betreff', 'Hallo');
    type('Text', 'Bis {morgen}');
    click('Speichern', dialog());
    expect(within(dialog()).getByText(MAIL_RULE_MESSAGES.offset)).toBeTruthy();
    expect(field('Anzahl').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog()).getByRole('alert').textContent).toBe('Bitte Eingaben prüfen.');
    // the placeholders are checked once the fields themselves are fine (the schema's refinement)
    type('Anzahl', '2');
    click('Speichern', dialog());
    expect(field('Anzahl').getAttribute('aria-invalid')).toBeNull();
    expect(field('Text').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog()).getByText(MAIL_RULE_MESSAGES.unknownPlaceholder('morgen'))).toBeTruthy();
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);
  });

  it("shows the server's refusal at its field", async () => {
    const message = 'Bitte einen Betreff angeben (höchstens 200 Zeichen).';
    mockApi({
      'GET /api/admin/mail-rules': () => json({ rules: [] }),
      'POST /api/admin/mail-rules': () =>
        json({ error: { code: 'validation_failed', message, details: [{ path: 'subject', message }] } }, 422),
    });
    renderPage(<GlobalMailRules />, { path: '/admin/settings' });
    click('Neue Regel');
    type('Name', 'Erinnerung');
    type('Betreff', 'Hallo');
    type('Text', 'Bis bald');
    click('Speichern', dialog());
    await waitFor(() => expect(field('Betreff').getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog()).getAllByText(message)).toHaveLength(1);
    expect(within(dialog()).getByRole('alert').textContent).toBe('Bitte Eingaben prüfen.');
  });

  it('previews subject and HTML in a sandboxed frame, with whose ticket filled it', async () => {
    const preview: MailPreview = {
      subject: 'Bald geht es los: Klarheit finden',
      text: 'Hallo Lena',
      html: '<p>Hallo Lena</p>',
      sample: 'Beispielticket',
    };
    const calls = mockApi({
      'GET /api/admin/mail-rules': () => json({ rules: [] }),
      'POST /api/admin/mail-rules/preview': () => json(preview),
    });
    renderPage(<GlobalMailRules />, { path: '/admin/settings' });
    click('Neue Regel');
    type('Betreff', 'Bald geht es los: {event}');
    type('Text', 'Hallo {vorname}');
    click('Vorschau', dialog());
    expect(await within(dialog()).findByText('Vorschau mit einem Beispielticket')).toBeTruthy();
    expect(bodyOf(calls, 'POST /api/admin/mail-rules/preview')).toEqual({
      subject: 'Bald geht es los: {event}',
      body: 'Hallo {vorname}',
    });
    expect(within(dialog()).getByText('Bald geht es los: Klarheit finden')).toBeTruthy();
    const frame = within(dialog()).getByTitle('Vorschau: Bald geht es los: Klarheit finden');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Hallo Lena</p>');
  });
});

describe('the rules of one event', () => {
  const fassung = rule({
    id: FASSUNG,
    eventId: EVENT,
    overridesRuleId: GLOBAL,
    name: 'Erinnerung (Retreat)',
    offsetMinutes: 7 * 1440,
    sentCount: 0,
    lastSentAt: null,
  });
  const own = rule({ id: OWN, eventId: EVENT, name: 'Packliste', offsetMinutes: 60, sentCount: 0 });
  const listUrl = `GET /api/admin/mail-rules?eventId=${EVENT}`;

  it("adapts a global rule for the event: 'Für dieses Event anpassen' starts from its fields", async () => {
    const calls = mockApi({
      [listUrl]: () => json({ rules: [rule(), feedback] }),
      'POST /api/admin/mail-rules': () => json(fassung, 201),
      'POST /api/admin/mail-rules/preview': () =>
        json({ subject: 'x', text: 'x', html: '<p>x</p>', sample: 'lena@demo.example' }),
    });
    renderPage(<EventMailRulesSection eventId={EVENT} />, { path: `/admin/events/${EVENT}/edit` });
    await screen.findByText('Erinnerung');
    expect(within(rowOf('Erinnerung')).getByText('Für alle Events')).toBeTruthy();
    click('Für dieses Event anpassen', rowOf('Erinnerung'));
    expect(screen.getByRole('dialog', { name: 'Regel für dieses Event anpassen' })).toBeTruthy();
    expect(field('Name').value).toBe('Erinnerung');
    expect(field('Text').value).toBe('Hallo {vorname},\nwir sehen uns am {datum}.');
    // the preview fills the placeholders with this event's first ticket
    click('Vorschau', dialog());
    expect(await within(dialog()).findByText('Vorschau mit dem Ticket von lena@demo.example')).toBeTruthy();
    expect(bodyOf(calls, 'POST /api/admin/mail-rules/preview')).toMatchObject({ eventId: EVENT });
    type('Anzahl', '7');
    click('Speichern', dialog());
    await waitFor(() =>
      expect(bodyOf(calls, 'POST /api/admin/mail-rules')).toEqual({
        name: 'Erinnerung',
        trigger: 'before_start',
        offsetMinutes: 7 * 1440,
        audience: 'active',
        subject: 'Bald geht es los: {event}',
        body: 'Hallo {vorname},\nwir sehen uns am {datum}.',
        attachTicket: true,
        attachCertificate: false,
        enabled: true,
        eventId: EVENT,
        overridesRuleId: GLOBAL,
      }),
    );
  });

  it("shows a fassung instead of its global rule, edits it with PUT and 'Zurücksetzen' deletes it", async () => {
    const calls = mockApi({
      [listUrl]: () => json({ rules: [rule(), fassung, own] }),
      [`PUT /api/admin/mail-rules/${FASSUNG}`]: () => json(fassung),
      [`DELETE /api/admin/mail-rules/${FASSUNG}`]: () => json({ message: MAIL_RULE_MESSAGES.deleted }),
    });
    renderPage(<EventMailRulesSection eventId={EVENT} />, { path: `/admin/events/${EVENT}/edit` });
    const adapted = (await screen.findByText('Erinnerung (Retreat)')).closest('li')!;
    expect(screen.queryByText('Erinnerung')).toBeNull();
    expect(within(adapted).getByText('Für dieses Event angepasst')).toBeTruthy();
    expect(within(adapted).getByText('7 Tage vor Beginn · Alle mit gültigem Ticket')).toBeTruthy();
    expect(within(rowOf('Packliste')).getByText('Nur dieses Event')).toBeTruthy();

    click('Bearbeiten', adapted);
    type('Betreff', 'In einer Woche: {event}');
    click('Speichern', dialog());
    await waitFor(() =>
      expect(bodyOf(calls, `PUT /api/admin/mail-rules/${FASSUNG}`)).toMatchObject({
        subject: 'In einer Woche: {event}',
      }),
    );
    expect(bodyOf(calls, `PUT /api/admin/mail-rules/${FASSUNG}`)).not.toHaveProperty('eventId');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    click('Zurücksetzen', adapted);
    expect(screen.getByRole('dialog', { name: 'Fassung zurücksetzen?' })).toBeTruthy();
    click('Zurücksetzen', dialog());
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Für dieses Event gilt wieder die allgemeine Regel.'),
    );
    expect(calls.map((call) => call.key)).toContain(`DELETE /api/admin/mail-rules/${FASSUNG}`);
  });

  it("creates a rule of the event's own with 'Eigene Regel für dieses Event'", async () => {
    const calls = mockApi({
      [listUrl]: () => json({ rules: [] }),
      'POST /api/admin/mail-rules': () => json(own, 201),
    });
    renderPage(<EventMailRulesSection eventId={EVENT} />, { path: `/admin/events/${EVENT}/edit` });
    expect(await screen.findByText('Für dieses Event gibt es keine Regeln.')).toBeTruthy();
    click('Eigene Regel für dieses Event');
    type('Name', 'Packliste');
    type('Anzahl', '1');
    fireEvent.change(field('Einheit'), { target: { value: 'hours' } });
    type('Betreff', 'Was du mitbringst');
    type('Text', 'Eine Decke.');
    click('Speichern', dialog());
    await waitFor(() =>
      expect(bodyOf(calls, 'POST /api/admin/mail-rules')).toMatchObject({
        name: 'Packliste',
        offsetMinutes: 60,
        eventId: EVENT,
      }),
    );
    expect(bodyOf(calls, 'POST /api/admin/mail-rules')).not.toHaveProperty('overridesRuleId');
  });
});
