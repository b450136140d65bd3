import { ApiError } from '@web/lib/api-client';

/**
 * The server's German message when it explains the refusal (bad input, conflict, last admin, …);
 * otherwise the screen's own text (e.g. 'Löschen fehlgeschlagen.').
 */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== 'unknown') {
    return error.message;
  }
  return fallback;
}
