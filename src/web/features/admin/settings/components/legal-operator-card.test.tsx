// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { apiError, json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { LegalOperatorCard } from './legal-operator-card';
import type { AdminSettings } from '@shared/admin-settings';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const unset = { set: false, updatedAt: null };
const stored: AdminSettings = {
  settings: DEFAULT_SETTINGS,
  secrets: { stripeSecretKey: unset, stripeWebhookSecret: unset },
};

resetEachTest(vi.mocked(toast.error));

const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(textbox(name), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));

describe("card 'Rechtliches & Betreiber' (docs/decisions/021)", () => {
  it('lists what is still missing and marks the fields the legal form requires', async () => {
    mockApi({ 'GET /api/admin/settings': () => json(stored) });
    renderPage(<LegalOperatorCard />, { path: '/admin/settings' });
    expect((await screen.findByText(/^Noch offen:/)).textContent).toBe(
      'Noch offen: Name des Anbieters, Rechtsform, Straße und Hausnummer, PLZ, Ort, Kontakt-E-Mail, Verantwortlich für den Inhalt',
    );
    const registerNumber = textbox('Registernummer');
    expect(registerNumber.getAttribute('aria-required')).toBe('false');
    fireEvent.change(screen.getByRole('combobox', { name: 'Rechtsform' }), { target: { value: 'gmbh' } });
    expect(registerNumber.getAttribute('aria-required')).toBe('true');
    expect(textbox('Vertretungsberechtigte Person(en)').getAttribute('aria-required')).toBe('true');
    expect(textbox('Support-E-Mail').value).toBe(DEFAULT_SETTINGS.supportEmail);
    expect(textbox('Impressum').value).toBe('/impressum');
  });

  it('checks formats before sending and shows the message at the field', async () => {
    const calls = mockApi({ 'GET /api/admin/settings': () => json(stored) });
    renderPage(<LegalOperatorCard />, { path: '/admin/settings' });
    await screen.findByText(/^Noch offen:/);
    type('USt-IdNr.', 'DE12');
    save();
    const vat = textbox('USt-IdNr.');
    expect(vat.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('USt-IdNr.: bitte DE und 9 Ziffern eingeben, z. B. DE123456789.')).toBeTruthy();
    expect(document.activeElement).toBe(vat);
    expect(screen.getByRole('alert').textContent).toBe('Bitte Eingaben prüfen.');
    expect(calls.some((call) => call.key.startsWith('PUT'))).toBe(false);
  });

  it('sends every field, trimmed and normalised, and shows the server’s refusal at its field', async () => {
    let answer = () => apiError(422, 'validation_failed', 'PLZ: bitte fünf Ziffern eingeben.');
    const calls = mockApi({
      'GET /api/admin/settings': () => json(stored),
      'PUT /api/admin/settings/legal': () => answer(),
    });
    renderPage(<LegalOperatorCard />, { path: '/admin/settings' });
    await screen.findByText(/^Noch offen:/);
    type('Name des Anbieters', ' Haus am See GmbH ');
    type('USt-IdNr.', 'de 123 456 789');
    type('AGB', 'https://haus-am-see.example/agb');
    save();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('PLZ: bitte fünf Ziffern eingeben.'));
    expect(calls.find((call) => call.key === 'PUT /api/admin/settings/legal')?.body).toEqual({
      ...DEFAULT_SETTINGS.operator,
      name: 'Haus am See GmbH',
      vatId: 'DE123456789',
      ...DEFAULT_SETTINGS.legal,
      termsUrl: 'https://haus-am-see.example/agb',
      supportEmail: DEFAULT_SETTINGS.supportEmail,
    });

    answer = () =>
      new Response(
        JSON.stringify({
          error: {
            code: 'validation_failed',
            message: 'PLZ: bitte fünf Ziffern eingeben.',
            details: [{ path: 'postalCode', message: 'PLZ: bitte fünf Ziffern eingeben.' }],
          },
        }),
        { status: 422, headers: { 'Content-Type': 'application/json' } },
      );
    save();
    await waitFor(() => expect(textbox('PLZ').getAttribute('aria-invalid')).toBe('true'));
    const group = screen.getByRole('group', { name: 'Anschrift' });
    expect(within(group).getByText('PLZ: bitte fünf Ziffern eingeben.')).toBeTruthy();
  });
});
