// A fake API and a router for the tests of this feature (not part of the app bundle: only tests import it).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { DEFAULT_SETTINGS } from '@shared/settings';
import type { SessionUser } from '@web/lib/session';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
export const apiError = (status: number, code: string, message: string) =>
  json({ error: { code, message } }, status);

type Handler = (body: unknown) => Response | Promise<Response>;

/** fetch answered by `METHOD /path` handlers; unknown routes answer 404. Returns the calls made. */
export function mockApi(routes: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const key = `${(init?.method ?? 'GET').toUpperCase()} ${url}`;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ key, body });
      const handler = routes[key];
      return handler ? handler(body) : apiError(404, 'not_found', `Keine Route für ${key}`);
    }),
  );
  return calls;
}

/** `page` at `path` under its route `pattern`, with a fresh query cache and the given session. */
export function renderAuthPage(
  page: ReactNode,
  { path, pattern = path, user = null }: { path: string; pattern?: string; user?: SessionUser | null },
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(['session'], { user });
  client.setQueryData(['settings'], DEFAULT_SETTINGS);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern.split('?')[0]} element={page} />
          <Route path="*" element={<p>Andere Seite</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
