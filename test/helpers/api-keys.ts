import type { ApiScope, CreatedApiKey } from '@shared/api-keys';
import type { TestApp } from './app';
import { post } from './auth';

/** A new API key through the admin's route ('API-Schlüssel'), as the settings card makes it. */
export async function newApiKey(t: TestApp, adminCookie: string, scopes: ApiScope[], name = 'Testschlüssel') {
  const res = await post(t, '/api/admin/api-keys', { name, scopes }, { cookie: adminCookie });
  if (res.status !== 201) throw new Error(`key not created: ${res.status} ${await res.text()}`);
  return (await res.json()) as CreatedApiKey;
}

/** A request to /api/v1 with a key (or none). */
export function v1(
  t: TestApp,
  path: string,
  key: string | null,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (key) headers.Authorization = `Bearer ${key}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  return t.app.request(`/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}
