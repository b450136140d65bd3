import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GeneralSettings } from '@shared/admin-settings';
import type { AppSettings } from '@shared/settings';
import { apiFetch } from '@web/lib/api-client';
import { invalidateSettings } from './invalidate-settings';

export const saveGeneralSettings = (input: GeneralSettings) =>
  apiFetch<AppSettings>('/api/admin/settings/general', { method: 'PUT', body: JSON.stringify(input) });

export function useSaveGeneralSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveGeneralSettings, onSuccess: () => invalidateSettings(queryClient) });
}
