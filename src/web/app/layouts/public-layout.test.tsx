// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '@shared/settings';
import type { SessionUser } from '@web/lib/session';
import { PublicLayout } from './public-layout';
import { sessionUser } from '@web/testing/fixtures';
import { queryKeys } from '@web/lib/query-keys';

// The shell around the page is not what is tested here.
vi.mock('../shell/site-header', () => ({ SiteHeader: () => null }));
vi.mock('../shell/site-footer', () => ({ SiteFooter: () => null }));

afterEach(cleanup);

const BANNER = 'Fast geschafft! Bitte schließe kurz dein Onboarding ab, um Tickets zu buchen.';

const newUser = sessionUser({ email: 'anna@example.org', fullName: 'anna' });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string, user: SessionUser | null = newUser) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.session, { user });
  client.setQueryData(queryKeys.settings, DEFAULT_SETTINGS);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route path="*" element={<Where />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('PublicLayout: onboarding banner and forced onboarding (docs/decisions/022-onboarding-banner.md)', () => {
  it.each(['/booking/e1', '/booking/b1/success', '/events/atem'])(
    'shows the banner on %s and stays there',
    (path) => {
      renderAt(path);
      expect(screen.getByText(BANNER)).toBeTruthy();
      const start = screen.getByRole('link', { name: 'Onboarding starten' });
      expect(start.getAttribute('href')).toBe('/onboarding');
      expect(screen.getByTestId('where').textContent).toBe(path);
    },
  );

  it.each(['/', '/event/atem', '/my-tickets'])(
    'sends an incomplete profile from %s to /onboarding',
    (path) => {
      renderAt(path);
      expect(screen.getByTestId('where').textContent).toBe('/onboarding');
      expect(screen.queryByText(BANNER)).toBeNull(); // /onboarding never shows it
    },
  );

  it('shows neither for a complete profile, nor to an admin', () => {
    renderAt('/booking/e1', { ...newUser, fullName: 'Anna Berg', phone: '040 1' });
    expect(screen.queryByText(BANNER)).toBeNull();
    cleanup();
    renderAt('/booking/e1', { ...newUser, role: 'admin' });
    expect(screen.queryByText(BANNER)).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/booking/e1');
  });
});
