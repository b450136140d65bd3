// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TAX_MODE_LABELS, type InvoiceSettings } from '@shared/invoices';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { toast } from '@web/lib/toast';
import { apiError, json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { InvoiceSettingsCard } from './invoice-settings-card';
import type { AdminSettings } from '@shared/admin-settings';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
resetEachTest(vi.mocked(toast.error));

const unset = { set: false, updatedAt: null };
const stored = (invoicing: InvoiceSettings): AdminSettings => ({
  settings: { ...DEFAULT_SETTINGS, invoicing },
  secrets: { stripeSecretKey: unset, stripeWebhookSecret: unset },
});
const year = new Date().getFullYear();
const taxMode = () => screen.getByRole('combobox', { name: 'Steuerliche Behandlung' }) as HTMLSelectElement;
const prefix = () => screen.getByRole('textbox', { name: 'Präfix der Rechnungsnummer' }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));

describe("card 'Rechnungen' (issue 19)", () => {
  it('shows the stored values, the example number and the note, and saves the chosen values', async () => {
    const calls = mockApi({
      'GET /api/admin/settings': () => json(stored({ taxMode: 'small_business', numberPrefix: 'RE' })),
      'PUT /api/admin/settings/invoicing': () =>
        json({ invoicing: { taxMode: 'vat_19', numberPrefix: 'WR' } satisfies InvoiceSettings }),
    });
    renderPage(<InvoiceSettingsCard />, { path: '/admin/settings' });
    expect(screen.getByRole('heading', { level: 2, name: 'Rechnungen' })).toBeTruthy();
    await waitFor(() => expect(prefix().value).toBe('RE'));
    expect(taxMode().value).toBe('small_business');
    expect([...taxMode().options].map((option) => option.textContent)).toEqual(
      Object.values(TAX_MODE_LABELS),
    );
    expect(screen.getByText(`RE-${year}-00001`)).toBeTruthy();
    expect(
      screen.getByText(
        'Gilt für alle Events, die nichts anderes festlegen. Ausgestellte Rechnungen ändern sich nicht.',
      ).id,
    ).toBe(taxMode().getAttribute('aria-describedby'));

    fireEvent.change(taxMode(), { target: { value: 'vat_19' } });
    fireEvent.change(prefix(), { target: { value: ' WR ' } });
    expect(screen.getByText(`WR-${year}-00001`)).toBeTruthy();
    fireEvent.change(prefix(), { target: { value: '' } });
    expect(screen.getByText(`${year}-00001`)).toBeTruthy();
    fireEvent.change(prefix(), { target: { value: ' WR ' } });
    save();
    expect(await screen.findByText('Gespeichert')).toBeTruthy();
    expect(calls.find((call) => call.key === 'PUT /api/admin/settings/invoicing')?.body).toEqual({
      taxMode: 'vat_19',
      numberPrefix: 'WR',
    });
    // the admin view is read again after the save
    await waitFor(() =>
      expect(keysOf(calls).filter((key) => key === 'GET /api/admin/settings').length).toBe(2),
    );
  });

  it("shows the server's refusal", async () => {
    const message = 'Die Rechnungseinstellungen konnten nicht gespeichert werden.';
    mockApi({
      'GET /api/admin/settings': () => json(stored({ taxMode: 'vat_7', numberPrefix: 'RE' })),
      'PUT /api/admin/settings/invoicing': () => apiError(400, 'validation_failed', message),
    });
    renderPage(<InvoiceSettingsCard />, { path: '/admin/settings' });
    await waitFor(() => expect(taxMode().value).toBe('vat_7'));
    fireEvent.change(prefix(), { target: { value: 'WR' } });
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(toast.error).toHaveBeenCalledWith(message);
    expect(screen.queryByText('Gespeichert')).toBeNull();
  });

  it('checks the prefix before sending it', async () => {
    const calls = mockApi({
      'GET /api/admin/settings': () => json(stored({ taxMode: 'vat_7', numberPrefix: 'RE' })),
    });
    renderPage(<InvoiceSettingsCard />, { path: '/admin/settings' });
    await waitFor(() => expect(prefix().value).toBe('RE'));
    fireEvent.change(prefix(), { target: { value: 'RE/26' } });
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Das Präfix darf 1 bis 10 Buchstaben oder Ziffern haben.',
    );
    expect(prefix().getAttribute('aria-invalid')).toBe('true');
    expect(keysOf(calls)).not.toContain('PUT /api/admin/settings/invoicing');
  });

  it('says when the settings did not load', async () => {
    mockApi({ 'GET /api/admin/settings': () => apiError(500, 'internal', 'Interner Fehler') });
    renderPage(<InvoiceSettingsCard />, { path: '/admin/settings' });
    expect(await screen.findByText('Fehler beim Laden')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
  });
});
