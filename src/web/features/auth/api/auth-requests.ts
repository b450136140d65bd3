import { useMutation } from '@tanstack/react-query';
import type { SessionState } from '@shared/session';
import { apiFetch } from '@web/lib/api-client';

const post = (path: string, body: unknown) =>
  apiFetch<{ ok: true }>(path, { method: 'POST', body: JSON.stringify(body) });

export const sendCode = (email: string) => post('/api/auth/code/send', { email });
export const sendMagicLink = (email: string) => post('/api/auth/magic-link/send', { email });

/**
 * Verifies a code or a magic-link token and reads the new session without touching the query cache:
 * the caller navigates first and then stores it (use-after-sign-in.ts), so the sign-in page never
 * re-renders as 'signed in' and redirects on its own.
 */
export function useSignInMutation<T>(request: (input: T) => Promise<unknown>) {
  return useMutation({
    mutationFn: async (input: T) => {
      await request(input);
      return apiFetch<SessionState>('/api/session');
    },
  });
}

export const verifyCode = (input: { email: string; code: string }) => post('/api/auth/code/verify', input);
export const verifyMagicLink = (token: string) => post('/api/auth/magic-link/verify', { token });
