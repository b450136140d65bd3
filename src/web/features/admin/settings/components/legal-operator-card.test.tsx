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
      'Noch offen: Name des Anbieters, Rechtsform, Straße und Hausnummer, PLZ, Ort, Kontakt-E-Mail, Verantwortlich für den Inhalt, Stand der Vereinbarkeit, Bekannte Einschränkungen, Stand der Erklärung',
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
      accessibilityConformity: '',
      accessibilityKnownGaps: '',
      accessibilityContactEmail: '',
      accessibilityAuthority: '',
      accessibilityReviewedOn: '',
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

describe("card 'Rechtliches & Betreiber': the accessibility statement (docs/decisions/047)", () => {
  it('sends level, gaps (one per line), contact, authority and date; gaps are required unless fully conformant', async () => {
    const calls = mockApi({
      'GET /api/admin/settings': () => json(stored),
      'PUT /api/admin/settings/legal': () => json(DEFAULT_SETTINGS),
    });
    renderPage(<LegalOperatorCard />, { path: '/admin/settings' });
    await screen.findByText(/^Noch offen:/);
    const group = screen.getByRole('group', { name: 'Erklärung zur Barrierefreiheit' });
    const level = within(group).getByRole('combobox', {
      name: 'Stand der Vereinbarkeit',
    }) as HTMLSelectElement;
    expect([...level.options].map((option) => option.text)).toEqual([
      'Bitte wählen',
      'vollständig konform',
      'teilweise konform',
      'nicht konform',
    ]);
    const gaps = within(group).getByRole('textbox', { name: 'Bekannte Einschränkungen' });
    expect(gaps.tagName).toBe('TEXTAREA');
    expect(gaps.getAttribute('aria-required')).toBe('true');
    fireEvent.change(level, { target: { value: 'full' } });
    expect(gaps.getAttribute('aria-required')).toBe('false');

    // full conformity with a gap contradicts itself: refused at the field before sending
    fireEvent.change(gaps, { target: { value: 'PDFs nicht getaggt' } });
    save();
    expect(gaps.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(gaps);
    expect(calls.some((call) => call.key.startsWith('PUT'))).toBe(false);

    fireEvent.change(level, { target: { value: 'partial' } });
    fireEvent.change(gaps, { target: { value: ' PDFs nicht getaggt \r\n\r\nSaalplan nur als Bild ' } });
    type('E-Mail für Hinweise auf Barrieren', 'barrieren@haus-am-see.example');
    fireEvent.change(within(group).getByLabelText(/^Stand der Erklärung/), {
      target: { value: '2026-06-30' },
    });
    save();
    await waitFor(() =>
      expect(calls.some((call) => call.key === 'PUT /api/admin/settings/legal')).toBe(true),
    );
    expect(calls.find((call) => call.key === 'PUT /api/admin/settings/legal')?.body).toMatchObject({
      accessibilityConformity: 'partial',
      accessibilityKnownGaps: 'PDFs nicht getaggt\nSaalplan nur als Bild',
      accessibilityContactEmail: 'barrieren@haus-am-see.example',
      accessibilityAuthority: '',
      accessibilityReviewedOn: '2026-06-30',
    });
  });
});
