// Rendering for the client's tests (not part of the app bundle: only tests import it).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { SessionUser } from '@shared/session';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { queryKeys } from '@web/lib/query-keys';

/** A fresh query cache without retries, holding the given session and the default settings. */
function testQueryClient(user: SessionUser | null = null) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(queryKeys.session, { user });
  client.setQueryData(queryKeys.settings, DEFAULT_SETTINGS);
  return client;
}

/**
 * `page` at `path` as the app shows it: inside a router (a `MemoryRouter`, declarative like the app's), with
 * a fresh query cache and the given session. With a route `pattern` (for its parameters), any other path
 * shows 'Andere Seite'.
 */
export function renderPage(
  page: ReactNode,
  {
    path = '/',
    pattern,
    user = null,
    client = testQueryClient(user),
  }: { path?: string; pattern?: string; user?: SessionUser | null; client?: QueryClient } = {},
) {
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {pattern ? (
            <>
              <Route path={pattern.split('?')[0]} element={page} />
              <Route path="*" element={<p>Andere Seite</p>} />
            </>
          ) : (
            <Route path="*" element={page} />
          )}
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client };
}

/**
 * Each test starts clean: the given mocks are cleared before it; after it the rendered tree is removed and
 * stubbed globals (fetch) are restored.
 */
export function resetEachTest(...mocks: { mockClear: () => unknown }[]) {
  beforeEach(() => mocks.forEach((mock) => mock.mockClear()));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
