import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntegrationSettings } from '@shared/admin-settings';
import type { AppSettings } from '@shared/settings';
import { apiFetch } from '@web/lib/api-client';
import { invalidateSettings } from './invalidate-settings';

export const saveIntegrations = (input: IntegrationSettings) =>
  apiFetch<AppSettings>('/api/admin/settings/integrations', { method: 'PUT', body: JSON.stringify(input) });

export function useSaveIntegrations() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveIntegrations, onSuccess: () => invalidateSettings(queryClient) });
}
