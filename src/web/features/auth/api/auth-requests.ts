import { useMutation } from '@tanstack/react-query';
import type { SessionState } from '@shared/session';
import { apiFetch } from '@web/lib/api-client';

const post = (path: string, body: unknown) =>
  apiFetch<{ ok: true }>(path, { method: 'POST', body: JSON.stringify(body) });

/**
 * The new session after a sign-in, read without touching the query cache: the caller navigates first and
 * then stores it (use-after-sign-in.ts), so the sign-in page never re-renders as 'signed in' and redirects
 * on its own.
 */
export const readNewSession = () => apiFetch<SessionState>('/api/session');

/** Verifies a magic-link token, then reads the new session (readNewSession). */
export function useSignInMutation<T>(request: (input: T) => Promise<unknown>) {
  return useMutation({
    mutationFn: async (input: T) => {
      await request(input);
      return readNewSession();
    },
  });
}

export const verifyMagicLink = (token: string) => post('/api/auth/magic-link/verify', { token });
