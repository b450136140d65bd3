/**
 * Typed errors of the business core. The HTTP layer maps `code` to a status; the message is German
 * and shown to the user as is: bad input gets a 4xx with a German message and a stable code
 * (docs/architecture.md#a-typical-api-call).
 */
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_json: 400,
  validation_failed: 422,
  unauthorized: 401,
  csrf_failed: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  code_invalid: 400,
  code_attempts_exceeded: 400,
  link_invalid: 400,
  link_used: 400,
  token_invalid: 400,
  last_admin: 409,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  get status(): (typeof ERROR_STATUS)[ErrorCode] {
    return ERROR_STATUS[this.code];
  }
}

export const GERMAN_DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  bad_request: 'Die Anfrage ist ungültig.',
  invalid_json: 'Die Anfrage enthält kein gültiges JSON.',
  validation_failed: 'Bitte Eingaben prüfen.',
  unauthorized: 'Bitte melde dich an.',
  csrf_failed: 'Die Anfrage wurde aus Sicherheitsgründen abgelehnt. Bitte lade die Seite neu.',
  forbidden: 'Dafür fehlen dir die Rechte.',
  not_found: 'Nicht gefunden.',
  conflict: 'Die Aktion ist im aktuellen Zustand nicht möglich.',
  payload_too_large: 'Die Anfrage ist zu groß.',
  rate_limited: 'Zu viele Anfragen. Bitte warte kurz.',
  code_invalid: 'Code ungültig oder abgelaufen. Bitte erneut senden.',
  code_attempts_exceeded: 'Zu viele Fehlversuche. Bitte fordere einen neuen Code an.',
  link_invalid: 'Magic Link ist ungültig oder abgelaufen.',
  link_used: 'Magic Link wurde bereits verwendet. Bitte fordere einen neuen Link an.',
  last_admin: 'Der letzte Administrator kann nicht heruntergestuft werden.',
  token_invalid: 'Der Einrichtungs-Token ist ungültig, abgelaufen oder wurde bereits verwendet.',
  internal: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuche es erneut.',
  unavailable: 'Der Dienst ist gerade nicht erreichbar. Bitte versuche es später erneut.',
};
