import { ApiError } from '@web/lib/api-client';

export const RESEND_WAIT_SECONDS = 60; // spec visitor §9

/** Text for a failed send (spec visitor §8 'Code sign-in'), and the wait for a 429. */
export function sendFailure(error: unknown, fallback: string): { message: string; wait?: number } {
  if (error instanceof ApiError && error.status === 429) {
    const wait = error.retryAfterSeconds ?? 60;
    return { message: `Zu viele Anfragen. Bitte warte ${wait} Sekunden.`, wait };
  }
  if (error instanceof ApiError && error.status === 422)
    return { message: 'Bitte gib eine gültige E-Mail-Adresse ein.' };
  return { message: fallback };
}
