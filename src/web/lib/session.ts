import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, onUnauthorized } from './api-client';

import type { SessionState, SessionUser } from '@shared/session';
import { queryKeys } from './query-keys';

export type { Role, SessionState, SessionUser } from '@shared/session';

export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: () => apiFetch<SessionState>('/api/session'),
  staleTime: 60_000,
  // The session is refreshed when the window regains focus.
  refetchOnWindowFocus: true,
});

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';

export function useSession(): { status: SessionStatus; user: SessionUser | null } {
  const { data, isPending } = useQuery(sessionQuery);
  if (isPending) return { status: 'loading', user: null };
  const user = data?.user ?? null;
  return { status: user ? 'signed-in' : 'signed-out', user };
}

export const isAdmin = (user: SessionUser | null) => user?.role === 'admin';

/**
 * Ends the session on the server; local state is cleared only when that worked
 * (docs/product/accounts-and-consent.md#sessions).
 */
export async function signOut(): Promise<void> {
  await apiFetch<void>('/api/auth/sign-out', { method: 'POST', body: '{}' });
  for (const key of ['auth_redirect', 'auth_email']) sessionStorage.removeItem(key);
}

/**
 * After a 401 the session is re-read once; the call is retried only if still signed in
 * (docs/architecture.md#a-page-load).
 */
export function registerSessionRefresh(refresh: () => Promise<SessionState | undefined>) {
  onUnauthorized(async () => Boolean((await refresh())?.user));
}
