// @vitest-environment node
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { NotFoundPage } from '@web/components/pages/not-found-page';
import { LoginPage } from '@web/features/auth/login-page';
import { ComingSoonPage } from '@web/features/site/coming-soon-page';
import { queryKeys } from '@web/lib/query-keys';
import { RenderTimeProvider } from '@web/lib/render-time';
import { ThemeProvider } from '@web/lib/theme';
import { AuthLayout } from '../layouts/auth-layout';
import { PublicLayout } from '../layouts/public-layout';
import { Root } from '../root';

// 23:30 UTC on New Year's Eve is already the new year in Berlin.
const RENDER_TIME = new Date('2030-12-31T23:30:00.000Z');
const settings = {
  ...DEFAULT_SETTINGS,
  brand: { ...DEFAULT_SETTINGS.brand, logoLightUrl: '/logo-hell.png', logoDarkUrl: '/logo-dunkel.png' },
};

/** The shell as the server renders it: settings in the cache, the session not (it stays 'loading'). */
function renderAt(path: string) {
  const client = new QueryClient();
  client.setQueryData(queryKeys.settings, settings);
  return renderToString(
    <QueryClientProvider client={client}>
      <RenderTimeProvider value={RENDER_TIME}>
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
    </QueryClientProvider>,
  );
}

describe('the shell on the server (docs/architecture.md#server-rendering)', () => {
  it('renders the public layout without a browser', () => {
    expect(typeof window).toBe('undefined');
    const html = renderAt('/');
    expect(html).toContain('Startseite');
    expect(html).toContain('Neue Veranstaltungen per E-Mail'); // the footer's newsletter block
    expect(html).toContain('aria-label="Darstellung: System"');
    expect(html).toMatch(/© (<!-- -->)?2031/);
  });

  it('puts the splash with both logos into the HTML, hidden by CSS after 500 ms', () => {
    const html = renderAt('/');
    expect(html).toMatch(/<div class="[^"]*animate-splash-out[^"]*"[^>]*data-testid="splash"/);
    expect(html).toMatch(/<img src="\/logo-hell\.png"[^>]*class="[^"]*dark:hidden/);
    expect(html).toMatch(/<img src="\/logo-dunkel\.png"[^>]*class="[^"]*hidden dark:block/);
  });

  it.each([
    ['/login', 'Code senden'],
    ['/gibt-es-nicht', 'Seite nicht gefunden'],
    ['/bald', 'Bald verfügbar'],
  ])('renders %s without a browser', (path, text) => {
    expect(renderAt(path)).toContain(text);
  });
});
