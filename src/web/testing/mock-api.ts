// A fake API for the client's tests (not part of the app bundle: only tests import it).
import { vi } from 'vitest';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
export const apiError = (status: number, code: string, message: string) =>
  json({ error: { code, message } }, status);

type Handler = (request: { url: string; method: string; body: unknown }) => Response | Promise<Response>;

/**
 * fetch answered by `METHOD /path` handlers (with the query string, else without it); unknown routes answer
 * 404. Every call is recorded and returned.
 */
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

/** The `METHOD /path` of each recorded call. */
export const keysOf = (calls: { key: string }[]) => calls.map((call) => call.key);
