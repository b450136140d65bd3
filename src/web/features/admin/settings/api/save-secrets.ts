import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecretsInput, SecretsStatus } from '@shared/admin-settings';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_SETTINGS_KEY } from './get-admin-settings';

/** Only the non-empty fields are sent (docs/product/admin.md#secrets-encrypted). */
export const saveSecrets = (input: SecretsInput) =>
  apiFetch<SecretsStatus>('/api/admin/settings/secrets', { method: 'PUT', body: JSON.stringify(input) });

export function useSaveSecrets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSecrets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_SETTINGS_KEY }),
  });
}
