// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API_KEY_MESSAGES, type ApiKeyView } from '@shared/api-keys';
import { json, mockApi } from '@web/testing/mock-api';
import { sessionUser } from '@web/testing/fixtures';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { ApiKeysCard } from './api-keys-card';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const admin = sessionUser({ email: 'chefin@example.org', role: 'admin', hasDsgvoConsent: true });
const active: ApiKeyView = {
  id: 'k1',
  name: 'Newsletter-Abgleich',
  prefix: 'tsk_ab12cd34',
  scopes: ['read'],
  createdAt: '2026-03-01T09:00:00Z',
  createdBy: 'Chefin',
  lastUsedAt: '2026-03-02T10:15:00Z',
  revokedAt: null,
};
const revoked: ApiKeyView = {
  ...active,
  id: 'k2',
  name: 'Alter Export',
  prefix: 'tsk_zz99',
  revokedAt: '2026-03-03T08:00:00Z',
  lastUsedAt: null,
};
const secret = `tsk_${'x'.repeat(43)}`;

resetEachTest(vi.mocked(toast.error));

describe('ApiKeysCard', () => {
  it('lists keys with scopes, last use and revoked ones, never a secret', async () => {
    mockApi({ 'GET /api/admin/api-keys': () => json({ keys: [active, revoked] }) });
    renderPage(<ApiKeysCard />, { user: admin });
    const list = await screen.findByRole('list', { name: 'API-Schlüssel' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('Newsletter-Abgleich');
    expect(first!.textContent).toContain('tsk_ab12cd34…');
    expect(first!.textContent).toContain('Lesen');
    expect(first!.textContent).toContain('Zuletzt benutzt am 02.03.2026 11:15');
    expect(second!.textContent).toContain('Widerrufen am 03.03.2026 09:00');
    expect(second!.textContent).toContain('Noch nie benutzt');
    expect(within(second!).queryByRole('button', { name: 'Widerrufen' })).toBeNull();
  });

  it('checks the input before sending, then shows the new secret once', async () => {
    let keys: ApiKeyView[] = [];
    const calls = mockApi({
      'GET /api/admin/api-keys': () => json({ keys }),
      'POST /api/admin/api-keys': () => {
        keys = [{ ...active, id: 'k3', name: 'Einlass', scopes: ['read', 'check_in'], lastUsedAt: null }];
        return json({ key: keys[0], secret }, 201);
      },
    });
    renderPage(<ApiKeysCard />, { user: admin });
    await screen.findByText('Noch keine API-Schlüssel.');
    fireEvent.click(screen.getByRole('checkbox', { name: /Lesen/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Schlüssel erstellen' }));
    expect(await screen.findByText(API_KEY_MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText(API_KEY_MESSAGES.scopesRequired)).toBeTruthy();
    expect(calls.filter((call) => call.key.startsWith('POST'))).toEqual([]);

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Einlass' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Lesen/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Check-in/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Schlüssel erstellen' }));
    expect((await screen.findByLabelText('Neuer API-Schlüssel')).textContent).toBe(secret);
    expect(calls.find((call) => call.key === 'POST /api/admin/api-keys')?.body).toEqual({
      name: 'Einlass',
      scopes: ['read', 'check_in'],
    });
    await screen.findByText('Noch nie benutzt', { exact: false });
    fireEvent.click(screen.getByRole('button', { name: 'Fertig' }));
    expect(screen.queryByText(secret)).toBeNull();
  });

  it('revokes after the question', async () => {
    let keys = [active];
    const calls = mockApi({
      'GET /api/admin/api-keys': () => json({ keys }),
      'POST /api/admin/api-keys/k1/revoke': () => {
        keys = [{ ...active, revokedAt: '2026-03-04T08:00:00Z' }];
        return json({ key: keys[0] });
      },
    });
    renderPage(<ApiKeysCard />, { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Widerrufen' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('„Newsletter-Abgleich“ widerrufen?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Widerrufen' }));
    await waitFor(() => expect(screen.getByText(/Widerrufen am 04.03.2026/)).toBeTruthy());
    expect(calls.map((call) => call.key)).toContain('POST /api/admin/api-keys/k1/revoke');
    expect(vi.mocked(toast.success)).toHaveBeenCalledWith('„Newsletter-Abgleich“ ist widerrufen.');
  });
});
