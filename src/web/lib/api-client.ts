import { isApiErrorBody } from '@shared/api-error';

/** An error answer of our API: stable code, German message, HTTP status. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const NETWORK_MESSAGE = 'Keine Verbindung zum Server. Bitte prüfe deine Internetverbindung.';
export const UNEXPECTED_MESSAGE = 'Ein unerwarteter Fehler ist aufgetreten';

type RefreshHandler = () => Promise<boolean>;
let refreshSession: RefreshHandler | undefined;

/**
 * Registered by the session module: called once after a 401 before the request is retried
 * (docs/architecture.md#a-page-load).
 */
export function onUnauthorized(handler: RefreshHandler) {
  refreshSession = handler;
}

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await apiResponse(path, init);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * The successful answer itself, for a caller that reads it another way (a stream, as the bank statement import
 * does); JSON is asked for unless `init` names another Accept. No connection, an error answer and a 401 are
 * handled as in `apiFetch`.
 */
export async function apiResponse(path: string, init: RequestInit = {}, retried = false): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !(init.body instanceof FormData) && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network', NETWORK_MESSAGE);
  }
  if (response.status === 401 && !retried && refreshSession && (await refreshSession())) {
    return apiResponse(path, init, true);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

async function toApiError(response: Response): Promise<ApiError> {
  const retryAfter = Number(response.headers.get('Retry-After')) || undefined;
  const body: unknown = await response.json().catch(() => null);
  if (isApiErrorBody(body)) {
    const { code, message, details } = body.error;
    return new ApiError(response.status, code, message, details, retryAfter);
  }
  return new ApiError(response.status, 'unknown', UNEXPECTED_MESSAGE, undefined, retryAfter);
}
