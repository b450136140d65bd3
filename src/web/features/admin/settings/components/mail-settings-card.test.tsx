// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MAIL_SIGNATURE_MESSAGE } from '@shared/admin-settings';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { toast } from '@web/lib/toast';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { MailSettingsCard } from './mail-settings-card';
import type { AdminSettings } from '@shared/admin-settings';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
resetEachTest(vi.mocked(toast.error));

const unset = { set: false, updatedAt: null };
const stored = (text: string): AdminSettings => ({
  settings: { ...DEFAULT_SETTINGS, mailSignature: { text } },
  secrets: { stripeSecretKey: unset, stripeWebhookSecret: unset },
});
const LABEL = 'Signatur unter automatischen E-Mails und Nachrichten';
const signature = () => screen.getByRole('textbox', { name: LABEL }) as HTMLTextAreaElement;

describe("card 'Automatische E-Mails' (docs/product/event-mails.md#signature)", () => {
  it('shows the stored signature and the rules, and saves the signature as typed', async () => {
    const calls = mockApi({
      'GET /api/admin/settings': () => json(stored('Herzliche Grüße\nAnna')),
      'PUT /api/admin/settings/mail-signature': () => json(stored('Liebe Grüße\nAnna').settings),
    });
    // the admin shell passes the mail-rules area's GlobalMailRules (admin-app.test.tsx)
    renderPage(<MailSettingsCard mailRules={<p>Die Regeln für alle Events</p>} />, {
      path: '/admin/settings',
    });
    await waitFor(() => expect(signature().value).toBe('Herzliche Grüße\nAnna'));
    expect(screen.getByText('Die Regeln für alle Events')).toBeTruthy();
    fireEvent.change(signature(), { target: { value: ' Liebe Grüße\nAnna ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Gespeichert')).toBeTruthy();
    expect(calls.find((call) => call.key === 'PUT /api/admin/settings/mail-signature')?.body).toEqual({
      text: 'Liebe Grüße\nAnna',
    });
  });

  it("shows the server's refusal", async () => {
    mockApi({
      'GET /api/admin/settings': () => json(stored('')),
      'PUT /api/admin/settings/mail-signature': () =>
        json(
          {
            error: {
              code: 'validation_failed',
              message: MAIL_SIGNATURE_MESSAGE,
              details: [{ path: 'text', message: MAIL_SIGNATURE_MESSAGE }],
            },
          },
          422,
        ),
    });
    renderPage(<MailSettingsCard />, { path: '/admin/settings' });
    await waitFor(() => expect(signature().value).toBe(''));
    fireEvent.change(signature(), { target: { value: 'Anna' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MAIL_SIGNATURE_MESSAGE);
    expect(signature().getAttribute('aria-invalid')).toBe('true');
  });
});
