/** What an API key may do (docs/product/api.md#keys). */
export const API_SCOPES = ['read', 'write', 'check_in'] as const;
export type ApiScope = (typeof API_SCOPES)[number];
