import { z } from 'zod';

/** What an API key may do (docs/product/api.md#keys). */
export const API_SCOPES = ['read', 'write', 'check_in'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** The scopes as the settings card names them. */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  read: 'Lesen',
  write: 'Schreiben',
  check_in: 'Check-in',
};

/** What each scope allows, under its box in the settings card. */
export const API_SCOPE_HINTS: Record<ApiScope, string> = {
  read: 'Veranstaltungen, Ticketarten, Buchungen, Tickets und Teilnehmende lesen',
  write: 'Tickets stornieren',
  check_in: 'Tickets am Einlass einchecken',
};

/** Every key starts with this; a secret scanner can find leaked keys by it (docs/product/api.md#keys). */
export const API_KEY_PREFIX = 'tsk_';
/** Characters of the key kept in clear for the list ('tsk_' and 8 more). */
export const API_KEY_SHOWN_CHARS = 12;
export const API_KEY_NAME_MAX = 80;

export const API_KEY_MESSAGES = {
  nameRequired: 'Bitte gib dem Schlüssel einen Namen.',
  nameTooLong: `Der Name darf höchstens ${API_KEY_NAME_MAX} Zeichen lang sein.`,
  scopesRequired: 'Bitte wähle mindestens eine Berechtigung.',
  scopeUnknown: 'Diese Berechtigung gibt es nicht.',
  notFound: 'Diesen API-Schlüssel gibt es nicht.',
  alreadyRevoked: 'Dieser Schlüssel ist bereits widerrufen.',
} as const;

/** POST /api/admin/api-keys */
export const createApiKeySchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(API_SCOPES, { error: API_KEY_MESSAGES.scopeUnknown }), {
      error: API_KEY_MESSAGES.scopesRequired,
    })
    .min(1, API_KEY_MESSAGES.scopesRequired)
    .transform((scopes) => API_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

/** A key as the settings card lists it: never its secret. */
export interface ApiKeyView {
  id: string;
  name: string;
  /** 'tsk_ab12cd34', the first characters of the key. */
  prefix: string;
  scopes: ApiScope[];
  createdAt: string;
  /** Who created it (display name or e-mail), null when that account is gone. */
  createdBy: string | null;
  /** To the minute (docs/product/api.md#last-use); null when never used. */
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The answer to a new key: the only time its secret is shown (docs/product/api.md#keys). */
export interface CreatedApiKey {
  key: ApiKeyView;
  secret: string;
}
