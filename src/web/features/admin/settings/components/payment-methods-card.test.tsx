// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminSettings } from '@shared/admin-settings';
import { DEFAULT_BANK_TRANSFER_SETTINGS } from '@shared/bank-transfer';
import { PAYMENT_METHOD_SETTINGS_MESSAGES } from '@shared/payment-method-schema';
import { DEFAULT_PAYMENT_METHOD_SETTINGS, METHOD_RULE_TEXTS } from '@shared/payment-methods';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { toast } from '@web/lib/toast';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { PaymentMethodsCard } from './payment-methods-card';

// Card 'Zahlungsarten' (docs/decisions/056-payment-methods-and-the-checkout.md)

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const unset = { set: false, updatedAt: null };
const stored = (transferOn = false): AdminSettings => ({
  settings: {
    ...DEFAULT_SETTINGS,
    paymentMethods: DEFAULT_PAYMENT_METHOD_SETTINGS,
    bankTransfer: transferOn
      ? {
          ...DEFAULT_BANK_TRANSFER_SETTINGS,
          enabled: true,
          accountHolder: 'Wachstumsraum GmbH',
          iban: 'DE89370400440532013000',
        }
      : DEFAULT_BANK_TRANSFER_SETTINGS,
  },
  secrets: { stripeSecretKey: unset, stripeWebhookSecret: unset },
});
const PUT = 'PUT /api/admin/settings/payment-methods';

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const rows = () =>
  within(screen.getByRole('group', { name: 'Angebotene Zahlungsarten und Reihenfolge' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent ?? '');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));

describe("card 'Zahlungsarten'", () => {
  it('shows each method with its rule, transfer with its state, and saves methods, order and lead time', async () => {
    const calls = mockApi({
      'GET /api/admin/settings': () => json(stored(true)),
      [PUT]: ({ body }) => json(body),
    });
    renderPage(<PaymentMethodsCard />, { path: '/admin/settings' });
    expect(screen.getByRole('heading', { level: 2, name: 'Zahlungsarten' })).toBeTruthy();
    await waitFor(() => expect(box('Karte').checked).toBe(true));
    expect(box('Apple Pay / Google Pay').checked).toBe(true);
    expect(box('PayPal').checked).toBe(false);
    // the rule is the checkbox's description: the admin hears why it may not appear
    expect(box('Klarna').getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box('Klarna').getAttribute('aria-describedby')!)!.textContent).toBe(
      METHOD_RULE_TEXTS.klarna,
    );
    expect(screen.getByText(METHOD_RULE_TEXTS.sepa_debit(14))).toBeTruthy();
    expect(screen.getByText(METHOD_RULE_TEXTS.billie)).toBeTruthy();
    expect(rows()[6]).toContain('Überweisung (Vorkasse): eingeschaltet');
    expect(screen.getByRole('link', { name: '„Überweisung (Vorkasse)“' }).getAttribute('href')).toBe(
      '#bank-transfer',
    );
    expect(screen.queryByRole('checkbox', { name: /Überweisung/ })).toBeNull();

    fireEvent.click(box('PayPal'));
    fireEvent.click(box('SEPA-Lastschrift'));
    expect((screen.getByRole('button', { name: 'Karte nach oben' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'PayPal nach oben' }));
    fireEvent.click(screen.getByRole('button', { name: 'PayPal nach oben' }));
    expect(screen.getByText('PayPal steht jetzt an Position 1 von 7.').getAttribute('role')).toBe('status');
    fireEvent.click(screen.getByRole('button', { name: 'Überweisung (Vorkasse) nach oben' }));
    expect(rows()[0]).toContain('PayPal');
    expect(rows()[5]).toContain('Überweisung');
    const days = screen.getByRole('spinbutton', { name: 'SEPA-Lastschrift: Tage bis zum Beginn mindestens' });
    fireEvent.change(days, { target: { value: '21' } });
    save();

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Einstellungen gespeichert'));
    expect(calls.find((call) => call.key === PUT)?.body).toEqual({
      enabled: ['card', 'wallet', 'paypal', 'sepa_debit'],
      order: ['paypal', 'card', 'wallet', 'sepa_debit', 'klarna', 'bank_transfer', 'billie'],
      sepaMinDaysBeforeStart: 21,
    });
    await waitFor(() => expect(screen.getByText(METHOD_RULE_TEXTS.sepa_debit(21))).toBeTruthy());
  });

  it('refuses a wallet without the card and a wrong lead time before sending; shows transfer off', async () => {
    const calls = mockApi({ 'GET /api/admin/settings': () => json(stored(false)) });
    renderPage(<PaymentMethodsCard />, { path: '/admin/settings' });
    await waitFor(() => expect(box('Karte').checked).toBe(true));
    expect(rows()[6]).toContain('Überweisung (Vorkasse): ausgeschaltet');
    fireEvent.click(box('Karte'));
    const days = screen.getByRole('spinbutton', { name: 'SEPA-Lastschrift: Tage bis zum Beginn mindestens' });
    fireEvent.change(days, { target: { value: '2' } });
    save();
    expect(await screen.findByText(PAYMENT_METHOD_SETTINGS_MESSAGES.walletWithoutCard)).toBeTruthy();
    expect(screen.getByText(PAYMENT_METHOD_SETTINGS_MESSAGES.sepaDays)).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(days);
    expect(calls.some((call) => call.key === PUT)).toBe(false);
  });

  it("shows the server's refusal", async () => {
    mockApi({
      'GET /api/admin/settings': () => json(stored()),
      [PUT]: () =>
        json(
          {
            error: {
              code: 'validation_failed',
              message: 'Bitte Eingaben prüfen.',
              details: [{ path: ['enabled'], message: PAYMENT_METHOD_SETTINGS_MESSAGES.walletWithoutCard }],
            },
          },
          422,
        ),
    });
    renderPage(<PaymentMethodsCard />, { path: '/admin/settings' });
    await waitFor(() => expect(box('Karte').checked).toBe(true));
    save();
    expect(await screen.findByText(PAYMENT_METHOD_SETTINGS_MESSAGES.walletWithoutCard)).toBeTruthy();
    expect(toast.error).toHaveBeenCalled();
  });
});
