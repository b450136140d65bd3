// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EMAIL_TEST_LABELS, EMAIL_TEST_TYPES, type EmailTestResponse } from '@shared/admin-test-mails';
import type { SessionUser } from '@shared/session';
import { apiError, json, mockApi } from '@web/testing/mock-api';
import { sessionUser } from '@web/testing/fixtures';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { EmailTestsCard } from './email-tests-card';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const admin = sessionUser({
  email: 'chefin@example.org',
  fullName: 'Chefin',
  role: 'admin',
  hasDsgvoConsent: true,
});

/** The card with a signed-in admin in the session cache. */
const renderCard = (user: SessionUser | null = admin) => renderPage(<EmailTestsCard />, { user });

const allSent: EmailTestResponse = {
  ok: true,
  results: EMAIL_TEST_TYPES.map((type) => ({ type, success: true, message: 'Gesendet' })),
};
const target = () => screen.getByLabelText('Ziel-E-Mail') as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

resetEachTest(vi.mocked(toast.error));

describe('EmailTestsCard', () => {
  it("prefills the admin's address, offers every type and sends all", async () => {
    const calls = mockApi({ 'POST /api/admin/email-tests': () => json(allSent) });
    renderCard();
    expect(screen.getByRole('heading', { name: 'E-Mail-Tests' })).toBeTruthy();
    expect(target().value).toBe('chefin@example.org');
    const options = within(screen.getByLabelText('E-Mail-Typ')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(
      EMAIL_TEST_TYPES.map((t) => EMAIL_TEST_LABELS[t]),
    );

    fireEvent.click(button('Alle senden'));
    expect(await screen.findByText(`Erfolgreich ${EMAIL_TEST_TYPES.length} E-Mail(s) gesendet`)).toBeTruthy();
    expect(calls).toEqual([
      { key: 'POST /api/admin/email-tests', body: { emailType: 'all', targetEmail: 'chefin@example.org' } },
    ]);
    const rows = within(screen.getByRole('list', { name: 'Ergebnisse je E-Mail-Typ' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(EMAIL_TEST_TYPES.length);
    expect(rows[0]!.textContent).toBe('BuchungsbestätigungErfolgreichGesendet');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('sends the selected type to a typed address and lists a failed type with its reason', async () => {
    const calls = mockApi({
      'POST /api/admin/email-tests': () =>
        json({
          ok: false,
          results: [{ type: 'event-updates', success: false, message: 'SMTP: Verbindung abgelehnt' }],
        }),
    });
    renderCard();
    fireEvent.change(target(), { target: { value: ' team@example.org ' } });
    fireEvent.change(screen.getByLabelText('E-Mail-Typ'), { target: { value: 'event-updates' } });
    fireEvent.click(button('Ausgewählte senden'));
    expect(await screen.findByText('Fehler bei 1/1 E-Mail(s)')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ emailType: 'event-updates', targetEmail: 'team@example.org' });
    const [row] = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(within(row!).getByText('Event-Änderung')).toBeTruthy();
    expect(within(row!).getByText('Fehlgeschlagen')).toBeTruthy();
    expect(within(row!).getByText('SMTP: Verbindung abgelehnt')).toBeTruthy();
  });

  it('cannot send without a target and refuses an invalid one before sending', async () => {
    const calls = mockApi({});
    renderCard(null);
    expect(target().value).toBe('');
    expect(button('Alle senden').disabled).toBe(true);
    expect(button('Ausgewählte senden').disabled).toBe(true);

    fireEvent.change(target(), { target: { value: 'kein-at-zeichen' } });
    expect(button('Alle senden').disabled).toBe(false);
    fireEvent.click(button('Alle senden'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Bitte eine gültige E-Mail-Adresse eingeben.',
    );
    expect(target().getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it("says 'Unbekannter Fehler' when the request fails without a message, else the server's message", async () => {
    let answer = () => new Response('Bad Gateway', { status: 502 });
    mockApi({ 'POST /api/admin/email-tests': () => answer() });
    renderCard();
    fireEvent.click(button('Alle senden'));
    expect((await screen.findByRole('alert')).textContent).toBe('Unbekannter Fehler');
    expect(toast.error).toHaveBeenCalledWith('Unbekannter Fehler');
    expect(screen.queryByRole('list')).toBeNull();

    answer = () => apiError(503, 'unavailable', 'Der Mailserver ist nicht erreichbar.');
    fireEvent.click(button('Alle senden'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Der Mailserver ist nicht erreichbar.'),
    );
  });
});
