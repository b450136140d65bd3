// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { act, StrictMode, type ReactElement } from 'react';
import { hydrateRoot, type Root as ReactRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEWSLETTER_STORAGE_KEYS } from '@shared/newsletter';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { THEME_STORAGE_KEY } from '@shared/theme';
import { NotFoundPage } from '@web/components/pages/not-found-page';
import { LoginPage } from '@web/features/auth/login-page';
import { ComingSoonPage } from '@web/features/site/coming-soon-page';
import { COOKIE_CONSENT_KEY } from '@web/lib/cookie-consent';
import { queryKeys } from '@web/lib/query-keys';
import { RenderTimeProvider } from '@web/lib/render-time';
import { ThemeProvider } from '@web/lib/theme';
import { AuthLayout } from '../layouts/auth-layout';
import { PublicLayout } from '../layouts/public-layout';
import { Root } from '../root';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const RENDER_TIME = new Date('2030-12-31T23:30:00.000Z');
const settings = {
  ...DEFAULT_SETTINGS,
  brand: { ...DEFAULT_SETTINGS.brand, logoLightUrl: '/logo-hell.png', logoDarkUrl: '/logo-dunkel.png' },
};
const NEWSLETTER = 'Neue Veranstaltungen per E-Mail';

/** The shell with settings in the cache and the session not (it stays 'loading', as on the server). */
function app(path: string, renderTime: Date | null = RENDER_TIME): ReactElement {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.settings, settings);
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <RenderTimeProvider value={renderTime}>
          <ThemeProvider>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route element={<Root />}>
                  <Route element={<PublicLayout />}>
                    <Route path="/" element={<p>Startseite</p>} />
                    <Route path="/bald" element={<ComingSoonPage />} />
                    <Route path="*" element={<NotFoundPage />} />
                  </Route>
                  <Route element={<AuthLayout />}>
                    <Route path="/login" element={<LoginPage />} />
                  </Route>
                </Route>
              </Routes>
            </MemoryRouter>
          </ThemeProvider>
        </RenderTimeProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

let hydrated: ReactRoot | undefined;

/** Hydrates the server's HTML; what React reports as a mismatch (or any console error) lands in `errors`. */
async function hydrate(element: ReactElement, html: string) {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = html;
  const errors: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
  await act(async () => {
    hydrated = hydrateRoot(container, element, { onRecoverableError: (error) => errors.push(error) });
  });
  return { container, errors };
}

/** What only a returning visitor's browser knows: dark theme, newsletter block dismissed, cookies chosen. */
function returningVisitor() {
  localStorage.setItem(THEME_STORAGE_KEY, 'dark');
  localStorage.setItem(NEWSLETTER_STORAGE_KEYS.dismissed, 'true');
  localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
  document.documentElement.classList.add('dark'); // public/theme-init.js, before the first paint
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => undefined)),
  ); // the session never answers
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  act(() => hydrated?.unmount());
  hydrated = undefined;
  cleanup();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the shell while hydrating (docs/architecture.md#server-rendering)', () => {
  it.each(['/', '/login', '/gibt-es-nicht', '/bald'])(
    'hydrates %s for a returning visitor without a mismatch',
    async (path) => {
      const html = renderToString(app(path));
      returningVisitor();
      const { errors } = await hydrate(app(path), html);
      expect(errors).toEqual([]);
    },
  );

  it("shows the browser's values right after hydrating and does not scroll", async () => {
    const html = renderToString(app('/'));
    returningVisitor();
    await hydrate(app('/'), html);
    expect(screen.queryByText(NEWSLETTER)).toBeNull();
    expect(screen.getByRole('button', { name: 'Darstellung: Dunkel' })).toBeTruthy();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to the top on a path change (docs/product/site.md#feedback)', async () => {
    await hydrate(app('/'), renderToString(app('/')));
    act(() => screen.getByRole('link', { name: 'Häufige Fragen' }).click());
    expect(screen.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeTruthy();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('removes the splash after 500 ms', async () => {
    await hydrate(app('/'), renderToString(app('/')));
    expect(screen.getByTestId('splash').className).toContain('animate-splash-out');
    await waitFor(() => expect(screen.queryByTestId('splash')).toBeNull(), { timeout: 2_000 });
  });
});

describe("the footer's newsletter block (docs/product/accounts-and-consent.md#newsletter-form)", () => {
  it('stays away on a page rendered in the browser once this browser signed up', () => {
    localStorage.setItem(NEWSLETTER_STORAGE_KEYS.subscribed, 'true');
    render(app('/', null));
    expect(screen.getByText('Startseite')).toBeTruthy();
    expect(screen.queryByText(NEWSLETTER)).toBeNull();
  });

  it('keeps its success message in view after a sign-up sent from it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url === '/api/newsletter/subscribe'
          ? Promise.resolve(Response.json({ alreadySubscribed: false }))
          : new Promise(() => undefined),
      ),
    );
    render(app('/', null));
    fireEvent.change(screen.getByLabelText('E-Mail für den Newsletter'), {
      target: { value: 'anna@example.org' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Abonnieren' }));
    expect(await screen.findByText(/Fast geschafft!/)).toBeTruthy();
    expect(localStorage.getItem(NEWSLETTER_STORAGE_KEYS.subscribed)).toBe('true');
    act(() => screen.getByRole('link', { name: 'Workshops' }).click()); // re-renders the footer
    expect(screen.getByText(NEWSLETTER)).toBeTruthy();
  });
});
