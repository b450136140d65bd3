// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminSettings } from '@shared/admin-settings';
import { DEFAULT_BANK_TRANSFER_SETTINGS, type BankTransferSettings } from '@shared/bank-transfer';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { toast } from '@web/lib/toast';
import { apiError, json, keysOf, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { BankTransferSettingsCard } from './bank-transfer-settings-card';

// Card 'Überweisung (Vorkasse)' (docs/product/bank-transfer.md#settings)

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const unset = { set: false, updatedAt: null };
const stored = (bankTransfer: BankTransferSettings): AdminSettings => ({
  settings: { ...DEFAULT_SETTINGS, bankTransfer },
  secrets: { stripeSecretKey: unset, stripeWebhookSecret: unset },
});
const PUT = 'PUT /api/admin/settings/bank-transfer';

const enabled = () => screen.getByRole('switch', { name: 'Überweisung anbieten' });
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const days = () =>
  screen.getByRole('spinbutton', { name: 'Angeboten bis … Tage vor Beginn' }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));

describe("card 'Überweisung (Vorkasse)'", () => {
  it('shows the stored values and saves the account without spaces', async () => {
    const calls = mockApi({
      'GET /api/admin/settings': () => json(stored(DEFAULT_BANK_TRANSFER_SETTINGS)),
      [PUT]: ({ body }) => json(body),
    });
    renderPage(<BankTransferSettingsCard />, { path: '/admin/settings' });
    expect(screen.getByRole('heading', { level: 2, name: 'Überweisung (Vorkasse)' })).toBeTruthy();
    await waitFor(() => expect(days().value).toBe('10'));
    expect(enabled().getAttribute('aria-checked')).toBe('false');
    expect(field('IBAN').value).toBe('');

    fireEvent.click(enabled());
    expect(enabled().getAttribute('aria-checked')).toBe('true');
    fireEvent.change(field('Kontoinhaber'), { target: { value: 'Wachstumsraum GmbH' } });
    fireEvent.change(field('IBAN'), { target: { value: 'de89 3704 0044 0532 0130 00' } });
    fireEvent.change(field('BIC'), { target: { value: 'cobadeffxxx' } });
    fireEvent.change(days(), { target: { value: '14' } });
    save();

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Einstellungen gespeichert'));
    expect(calls.find((call) => call.key === PUT)?.body).toEqual({
      enabled: true,
      accountHolder: 'Wachstumsraum GmbH',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      minDaysBeforeStart: 14,
    });
    // shown as stored, in groups of four
    await waitFor(() => expect(field('IBAN').value).toBe('DE89 3704 0044 0532 0130 00'));
    expect(screen.getByText('Gespeichert')).toBeTruthy();
    await waitFor(() =>
      expect(keysOf(calls).filter((key) => key === 'GET /api/admin/settings').length).toBe(2),
    );
  });

  it('shows the messages at the fields and sends nothing while the input is wrong', async () => {
    const calls = mockApi({
      'GET /api/admin/settings': () => json(stored(DEFAULT_BANK_TRANSFER_SETTINGS)),
    });
    renderPage(<BankTransferSettingsCard />, { path: '/admin/settings' });
    await waitFor(() => expect(days().value).toBe('10'));
    fireEvent.click(enabled());
    fireEvent.change(field('IBAN'), { target: { value: 'DE89 3704 0044 0532 0130 01' } });
    fireEvent.change(field('BIC'), { target: { value: 'XYZ' } });
    fireEvent.change(days(), { target: { value: '5' } });
    save();

    expect((await screen.findByRole('alert')).textContent).toBe('Bitte Eingaben prüfen.');
    const ibanError = screen.getByText('Bitte gib eine gültige IBAN an.');
    expect(field('IBAN').getAttribute('aria-invalid')).toBe('true');
    expect(field('IBAN').getAttribute('aria-describedby')).toContain(ibanError.id);
    expect(document.activeElement).toBe(field('Kontoinhaber'));
    expect(screen.getByText('Bitte gib den Kontoinhaber an.')).toBeTruthy();
    expect(screen.getByText('Bitte gib einen gültigen BIC an.')).toBeTruthy();
    expect(screen.getByText('Bitte gib eine Zahl von Tagen zwischen 8 und 365 an.')).toBeTruthy();
    expect(keysOf(calls)).not.toContain(PUT);
  });

  it("shows the server's refusal at its field", async () => {
    const iban = 'DE89370400440532013000';
    mockApi({
      'GET /api/admin/settings': () =>
        json(stored({ ...DEFAULT_BANK_TRANSFER_SETTINGS, accountHolder: 'Wachstumsraum', iban })),
      [PUT]: () =>
        json(
          {
            error: {
              code: 'validation_failed',
              message: 'Bitte Eingaben prüfen.',
              details: [{ path: 'iban', message: 'Bitte gib eine gültige IBAN an.' }],
            },
          },
          422,
        ),
    });
    renderPage(<BankTransferSettingsCard />, { path: '/admin/settings' });
    await waitFor(() => expect(field('IBAN').value).toBe('DE89 3704 0044 0532 0130 00'));
    save();
    expect(await screen.findByText('Bitte gib eine gültige IBAN an.')).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith('Bitte Eingaben prüfen.');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('says when the settings did not load', async () => {
    mockApi({ 'GET /api/admin/settings': () => apiError(500, 'internal', 'Interner Fehler') });
    renderPage(<BankTransferSettingsCard />, { path: '/admin/settings' });
    expect(await screen.findByText('Fehler beim Laden')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
