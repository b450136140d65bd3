import { ApiError } from '@web/lib/api-client';
import { SETTINGS_MESSAGES } from '@shared/admin-settings';

/**
 * What the server said about a failed call, for a toast's description: the first field message of a 422
 * (its top-level message is only 'Bitte Eingaben prüfen.'), else the error's own message; undefined when
 * the server gave none.
 */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof ApiError && Array.isArray(error.details)) {
    const first: unknown = error.details[0];
    if (first && typeof first === 'object' && 'message' in first && typeof first.message === 'string') {
      return first.message;
    }
  }
  // 'unknown': the answer carried no message of ours, only the client's generic text
  if (error instanceof ApiError && error.code === 'unknown') return undefined;
  return error instanceof Error && error.message ? error.message : undefined;
}

/**
 * What a settings card says when its data did not load: 'Fehler beim Laden der Session' (decision 013) when
 * the session is gone (401 after the client's one refresh), else the generic text.
 */
export function loadFailedText(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return SETTINGS_MESSAGES.sessionFailed;
  return 'Fehler beim Laden';
}

/** A query's load error as a card shows it (`loadFailedText`), or null while it has none. */
export const loadErrorOf = (query: { isError: boolean; error: unknown }): string | null =>
  query.isError ? loadFailedText(query.error) : null;
