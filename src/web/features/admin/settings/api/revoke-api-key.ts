import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyView } from '@shared/api-keys';
import { apiFetch } from '@web/lib/api-client';
import { API_KEYS_KEY } from './get-api-keys';

/** POST /api/admin/api-keys/:id/revoke: 'Widerrufen', for good (docs/product/api.md#revoke). */
export const revokeApiKey = (id: string) =>
  apiFetch<{ key: ApiKeyView }>(`/api/admin/api-keys/${encodeURIComponent(id)}/revoke`, { method: 'POST' });

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    // a refusal (409: revoked meanwhile) means the list is old too
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
