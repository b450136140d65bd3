import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyInput, CreatedApiKey } from '@shared/api-keys';
import { apiFetch } from '@web/lib/api-client';
import { API_KEYS_KEY } from './get-api-keys';

/** POST /api/admin/api-keys: a new key; its secret is in this answer only (docs/product/api.md#keys). */
export const createApiKey = (input: CreateApiKeyInput) =>
  apiFetch<CreatedApiKey>('/api/admin/api-keys', { method: 'POST', body: JSON.stringify(input) });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
