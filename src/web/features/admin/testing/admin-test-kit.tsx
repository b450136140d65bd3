import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { DEFAULT_SETTINGS } from '@shared/settings';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
export const apiError = (status: number, code: string, message: string) =>
  json({ error: { code, message } }, status);

type Handler = (request: { url: string; method: string; body: unknown }) => Response | Promise<Response>;

/** fetch answered by `METHOD /path` (query string included) handlers; every call is recorded. */
export function mockApi(routes: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const method = (init?.method ?? 'GET').toUpperCase();
      const key = `${method} ${url}`;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
      calls.push({ key, body });
      const handler = routes[key] ?? routes[`${method} ${url.split('?')[0]}`];
      if (!handler) return apiError(404, 'not_found', `Keine Route für ${key}`);
      return handler({ url, method, body });
    }),
  );
  return calls;
}

/**
 * An admin page with a fresh query cache, as the admin router shows it: inside a data router, because
 * the event form's unsaved-changes guard (useBlocker) needs one.
 */
export function renderAdminPage(page: ReactNode, path = '/admin') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(['settings'], DEFAULT_SETTINGS);
  client.setQueryData(['session'], { user: null });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider
        router={createMemoryRouter([{ path: '*', element: page }], { initialEntries: [path] })}
      />
    </QueryClientProvider>,
  );
}
