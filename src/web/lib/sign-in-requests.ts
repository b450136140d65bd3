import { ApiError, apiFetch } from '@web/lib/api-client';

// The requests of the sign-in flow and their German failure texts
// (docs/product/accounts-and-consent.md#sign-in-rate-limits, #code-entry).

/** The wait between two mails to one address: the resend countdown. */
export const RESEND_WAIT_SECONDS = 60;
/** A verification slower than this is announced. */
export const SLOW_VERIFY_MS = 2500;

const post = (path: string, body: unknown) =>
  apiFetch<{ ok: true }>(path, { method: 'POST', body: JSON.stringify(body) });

export const sendSignInCode = (email: string) => post('/api/auth/code/send', { email });
export const sendMagicLink = (email: string) => post('/api/auth/magic-link/send', { email });
export const verifySignInCode = (email: string, code: string) =>
  post('/api/auth/code/verify', { email, code });

export const CODE_SEND_FAILED = 'Fehler beim Senden des Codes. Bitte versuche es erneut.';
export const LINK_SEND_FAILED = 'Fehler beim Senden des Magic Links. Bitte versuche es erneut.';
const UNEXPECTED = 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuche es erneut.';

/** Text for a failed send (`fallback` unless rate-limited or refused), and the wait before resending after a 429. */
export function sendFailure(error: unknown, fallback = CODE_SEND_FAILED): { message: string; wait?: number } {
  if (error instanceof ApiError && error.status === 429) {
    const wait = error.retryAfterSeconds ?? RESEND_WAIT_SECONDS;
    return { message: `Zu viele Anfragen. Bitte warte ${wait} Sekunden.`, wait };
  }
  if (error instanceof ApiError && error.status === 422)
    return { message: 'Bitte gib eine gültige E-Mail-Adresse ein.' };
  return { message: fallback };
}

/** The server's German message for a refused code (invalid, expired, rate limit), else the generic one. */
export const verifyFailure = (error: unknown) =>
  error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : UNEXPECTED;
