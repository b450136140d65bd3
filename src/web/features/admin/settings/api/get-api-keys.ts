import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKeyView } from '@shared/api-keys';
import { apiFetch } from '@web/lib/api-client';

export const API_KEYS_KEY = ['admin', 'api-keys'] as const;

/** GET /api/admin/api-keys: the keys of 'API-Schlüssel', never a secret (docs/product/api.md#key-list). */
export const apiKeysQuery = queryOptions({
  queryKey: API_KEYS_KEY,
  queryFn: async () => (await apiFetch<{ keys: ApiKeyView[] }>('/api/admin/api-keys')).keys,
  staleTime: 0,
});

export const useApiKeys = () => useQuery(apiKeysQuery);
