// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { IntegrationStatus } from '@shared/admin-settings';
import type { CancellationPolicy, CancellationRule } from '@shared/cancellation-policies';
import { REFUND_PERCENT_MESSAGES } from '@shared/refund-percent';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { apiError, json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { SettingsPage } from './settings-page';
import type { AdminSettings } from '@shared/admin-settings';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const unset = { set: false, updatedAt: null };
const adminSettings: AdminSettings = {
  settings: DEFAULT_SETTINGS,
  secrets: {
    stripeSecretKey: { set: true, updatedAt: '2026-03-01T09:00:00.000Z' },
    stripeWebhookSecret: unset,
  },
};
const status: IntegrationStatus = {
  production: false,
  mail: { provider: 'devbox' },
  payments: {
    provider: 'test',
    secretKeySource: null,
    publishableKeySource: null,
    webhookSecretSource: null,
    paidBookingsPossible: true,
  },
};
const rule = (id: string, minHoursBeforeEvent: number): CancellationRule => ({
  id,
  policyId: 'p1',
  minHoursBeforeEvent,
  refundType: 'percentage',
  refundValue: 0.5,
  priority: 1,
  isActive: true,
});
const policy = (overrides: Partial<CancellationPolicy> = {}): CancellationPolicy => ({
  id: 'p1',
  name: 'Standard',
  isActive: true,
  updatedAt: '2026-03-01T09:00:00.000Z',
  rules: [rule('r1', 168), rule('r2', 24)],
  ...overrides,
});

function mockSettingsApi(extra: Parameters<typeof mockApi>[0] = {}, policies = [policy()]) {
  return mockApi({
    'GET /api/admin/settings': () => json(adminSettings),
    'GET /api/admin/settings/status': () => json(status),
    'GET /api/admin/settings/policies': () => json(policies),
    'GET /api/admin/settings/policy-events': () => json([]),
    'GET /api/admin/mail-rules': () => json({ rules: [] }),
    ...extra,
  });
}

resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

describe('SettingsPage', () => {
  it('shows the cards in their order and the active providers', async () => {
    mockSettingsApi();
    renderPage(<SettingsPage />, { path: '/admin/settings' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Branding Logos',
      'Allgemeine Einstellungen',
      'Rechtliches & Betreiber',
      'Rechnungen',
      'Zahlungsarten',
      'Überweisung (Vorkasse)',
      'Server-Secrets',
      'Integrationen',
      'Auf deiner Website einbinden',
      'API-Schlüssel',
      'Webhooks',
      'Stornierungsrichtlinien',
      'Admin Refund',
      'Erstattungen',
      'E-Mail-Tests',
      'Automatische E-Mails',
    ]);
    expect(await screen.findByText('Dev-Postfach')).toBeTruthy();
    expect(screen.getByText('Testanbieter')).toBeTruthy();
    expect(await screen.findByText('Keine Events gefunden.')).toBeTruthy();
  });

  it("says 'Fehler beim Laden der Session' when the session is gone, else 'Fehler beim Laden'", async () => {
    mockSettingsApi({
      'GET /api/admin/settings': () => apiError(401, 'unauthenticated', 'Nicht eingeloggt'),
      'GET /api/admin/settings/status': () => apiError(500, 'internal', 'Interner Fehler'),
    });
    renderPage(<SettingsPage />, { path: '/admin/settings' });
    const general = screen.getByRole('heading', { name: 'Allgemeine Einstellungen' }).closest('section')!;
    const integrations = screen.getByRole('heading', { name: 'Integrationen' }).closest('section')!;
    expect(await within(general).findByText('Fehler beim Laden der Session')).toBeTruthy();
    expect(await within(integrations).findByText('Fehler beim Laden')).toBeTruthy();
  });

  it("a refused save shows 'Fehler beim Speichern der Server-Secrets' with the server's reason", async () => {
    mockSettingsApi({
      'PUT /api/admin/settings/secrets': () =>
        apiError(400, 'invalid_secret', 'Der Stripe Secret Key muss mit sk_ beginnen.'),
    });
    renderPage(<SettingsPage />, { path: '/admin/settings' });
    fireEvent.change(screen.getByLabelText('STRIPE_SECRET_KEY'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Secrets speichern' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Fehler beim Speichern der Server-Secrets', {
        description: 'Der Stripe Secret Key muss mit sk_ beginnen.',
      }),
    );
  });

  it('sends only non-empty secrets and never shows a stored value', async () => {
    const calls = mockSettingsApi({
      'PUT /api/admin/settings/secrets': () => json(adminSettings.secrets),
    });
    renderPage(<SettingsPage />, { path: '/admin/settings' });
    const webhook = screen.getByLabelText('STRIPE_WEBHOOK_SECRET') as HTMLInputElement;
    expect(webhook.type).toBe('password');
    expect(await screen.findByText(/^Gesetzt \(zuletzt geändert/)).toBeTruthy();
    fireEvent.change(webhook, { target: { value: ' whsec_abc ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Secrets speichern' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Server-Secrets gespeichert'));
    expect(calls.find((call) => call.key === 'PUT /api/admin/settings/secrets')?.body).toEqual({
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
    expect(webhook.value).toBe('');
  });

  it('refuses a logo of another type before uploading', async () => {
    const calls = mockSettingsApi();
    renderPage(<SettingsPage />, { path: '/admin/settings' });
    const inputs = document.querySelectorAll<HTMLInputElement>('input[type=file]');
    fireEvent.change(inputs[0]!, { target: { files: [new File(['x'], 'logo.gif', { type: 'image/gif' })] } });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Ungültiger Dateityp. Erlaubt: PNG, SVG, WebP, JPEG.'),
    );
    expect(calls.some((call) => call.key.includes('/logos/'))).toBe(false);
  });

  it('edits a rule locally until its Save, with lead-time shorthand and quick buttons', async () => {
    const calls = mockSettingsApi({
      'PATCH /api/admin/settings/rules/r2': ({ body }) => json({ ...rule('r2', 0), ...(body as object) }),
    });
    renderPage(<SettingsPage />, { path: '/admin/settings' });
    const first = await screen.findByRole('group', { name: /Regel 1/ });
    const second = screen.getByRole('group', { name: /Regel 2/ });
    const lead1 = within(first).getByLabelText('Vorlaufzeit vor dem Event') as HTMLInputElement;
    expect(lead1.value).toBe('1w');
    fireEvent.change(lead1, { target: { value: '3d' } });
    fireEvent.blur(lead1);
    expect(within(first).getByText(/= 72 Stunden/)).toBeTruthy();
    fireEvent.change(lead1, { target: { value: 'bald' } });
    fireEvent.blur(lead1);
    expect(lead1.value).toBe('3d'); // invalid input is ignored
    expect(within(first).getByText('nicht gespeichert')).toBeTruthy();

    const lead2 = within(second).getByLabelText('Vorlaufzeit vor dem Event') as HTMLInputElement;
    fireEvent.click(within(second).getByRole('button', { name: 'Vorlaufzeit 60min' }));
    expect(lead2.value).toBe('1h');
    // one hour in the singular (docs/decisions/049-admin-screens-say-what-they-mean.md)
    expect(within(second).getByText(/= 1 Stunde\./)).toBeTruthy();
    fireEvent.change(within(second).getByLabelText('Wert'), { target: { value: 'abc' } });
    fireEvent.click(within(second).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(calls.find((call) => call.key === 'PATCH /api/admin/settings/rules/r2')?.body).toEqual({
      minHoursBeforeEvent: 1,
      refundType: 'percentage',
      refundValue: 0, // not numeric: falls back to 0
      priority: 1,
      isActive: true,
    });
    // the other rule keeps its unsaved edit and was not sent
    expect(lead1.value).toBe('3d');
    expect(calls.some((call) => call.key.endsWith('/rules/r1'))).toBe(false);
  });

  it('refuses a percentage above 100 in the row, adds rules with the defaults, marks inactive policies', async () => {
    const calls = mockSettingsApi(
      { 'POST /api/admin/settings/policies/p2/rules': () => json(rule('r9', 168), 201) },
      [policy({ id: 'p2', name: 'Alt', isActive: false, rules: [] }), policy()],
    );
    renderPage(<SettingsPage />, { path: '/admin/settings' });
    expect(await screen.findByRole('option', { name: 'Alt (inaktiv)' })).toBeTruthy();
    expect(screen.getByText('Keine Regeln vorhanden.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Regel hinzufügen' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === 'POST /api/admin/settings/policies/p2/rules')?.body).toEqual({
        minHoursBeforeEvent: 168,
        refundType: 'percentage',
        refundValue: 0.7,
        priority: 1,
        isActive: true,
      }),
    );

    fireEvent.change(screen.getByLabelText('Richtlinie'), { target: { value: 'p1' } });
    const first = await screen.findByRole('group', { name: /Regel 1/ });
    fireEvent.change(within(first).getByLabelText('Wert'), { target: { value: '150' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Speichern' }));
    expect((await within(first).findByRole('alert')).textContent).toBe(
      'Ein Prozentwert liegt zwischen 0 und 100.',
    );
    expect(calls.some((call) => call.key.includes('/rules/r1'))).toBe(false);
  });

  // people type percent, the rule stores a fraction (docs/product/tickets-and-refunds.md#percent-for-people)
  it('shows and takes a percentage rule in percent 0–100 and refuses 0 < p < 1 as ambiguous', async () => {
    const calls = mockSettingsApi({
      'PATCH /api/admin/settings/rules/r1': ({ body }) => json({ ...rule('r1', 168), ...(body as object) }),
    });
    renderPage(<SettingsPage />, { path: '/admin/settings' });
    const first = await screen.findByRole('group', { name: /Regel 1/ });
    const value = within(first).getByLabelText('Wert') as HTMLInputElement;
    expect(value.value).toBe('50'); // stored 0.5
    expect(within(first).getByRole('option', { name: 'Prozent (0–100)' })).toBeTruthy();

    fireEvent.change(value, { target: { value: '0.5' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Speichern' }));
    expect((await within(first).findByRole('alert')).textContent).toBe(REFUND_PERCENT_MESSAGES.ambiguous);
    expect(calls.some((call) => call.key.includes('/rules/r1'))).toBe(false);

    fireEvent.change(value, { target: { value: '70' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(calls.find((call) => call.key === 'PATCH /api/admin/settings/rules/r1')?.body).toMatchObject({
      refundType: 'percentage',
      refundValue: 0.7,
    });
    expect(value.value).toBe('70');
  });
});
