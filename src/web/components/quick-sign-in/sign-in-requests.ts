import { ApiError, apiFetch } from '@web/lib/api-client';

// The endpoints of the code sign-in (the same the sign-in pages use) and their German failure texts
// (spec visitor §8 'Code sign-in').

export const RESEND_WAIT_SECONDS = 60; // spec visitor §9
export const SLOW_VERIFY_MS = 2500; // spec visitor §9: verify timeout 2.5 s

const post = (path: string, body: unknown) =>
  apiFetch<{ ok: true }>(path, { method: 'POST', body: JSON.stringify(body) });

export const sendSignInCode = (email: string) => post('/api/auth/code/send', { email });
export const verifySignInCode = (email: string, code: string) =>
  post('/api/auth/code/verify', { email, code });

export const SEND_FAILED = 'Fehler beim Senden des Codes. Bitte versuche es erneut.';
export const UNEXPECTED = 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuche es erneut.';

/** Text for a failed send, and the wait before resending after a 429. */
export function sendFailure(error: unknown): { message: string; wait?: number } {
  if (error instanceof ApiError && error.status === 429) {
    const wait = error.retryAfterSeconds ?? RESEND_WAIT_SECONDS;
    return { message: `Zu viele Anfragen. Bitte warte ${wait} Sekunden.`, wait };
  }
  if (error instanceof ApiError && error.status === 422)
    return { message: 'Bitte gib eine gültige E-Mail-Adresse ein.' };
  return { message: SEND_FAILED };
}

/** The server's German message for a refused code (invalid, expired, rate limit), else the generic one. */
export const verifyFailure = (error: unknown) =>
  error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : UNEXPECTED;
