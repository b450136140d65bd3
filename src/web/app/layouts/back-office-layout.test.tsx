// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '@shared/settings';
import type { SessionUser } from '@web/lib/session';
import { AppRoutes } from '../app-routes';
import { queryKeys } from '@web/lib/query-keys';

// docs/decisions/025-back-office-layout.md: the admin area has no newsletter box and no marketing footer.
vi.mock('../shell/site-header', () => ({ SiteHeader: () => <header>Kopfzeile</header> }));
vi.mock('../shell/splash', () => ({ Splash: () => null }));
vi.mock('../shell/cookie-banner', () => ({ CookieBanner: () => null }));
vi.mock('@web/features/admin/admin-app', () => ({ default: () => <h1>Übersicht</h1> }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin: SessionUser = {
  id: 'a1',
  email: 'admin@example.org',
  fullName: 'Anna Admin',
  displayName: null,
  phone: '0401234567',
  role: 'admin',
  avatarUrl: null,
  emailConfirmed: true,
  hasDsgvoConsent: true,
  onboardingCompletedAt: '2030-01-01T00:00:00.000Z',
};

function renderAt(path: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { headers: { 'Content-Type': 'application/json' } })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.session, { user: admin });
  client.setQueryData(queryKeys.settings, DEFAULT_SETTINGS);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('BackOfficeLayout', () => {
  it('frames /admin with the header only: no newsletter box, no marketing footer', async () => {
    renderAt('/admin/settings');
    expect(await screen.findByRole('heading', { name: 'Übersicht' })).toBeTruthy();
    expect(screen.getByText('Kopfzeile')).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main');
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByText(/Newsletter/)).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Angebot' })).toBeNull();
  });

  it('keeps the footer with the newsletter box on public pages', async () => {
    renderAt('/gibt-es-nicht');
    expect(await screen.findByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Angebot' })).toBeTruthy();
  });
});
