import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LegalSettings } from '@shared/legal-settings';
import type { AppSettings } from '@shared/settings';
import { apiFetch } from '@web/lib/api-client';
import { invalidateSettings } from './invalidate-settings';

export const saveLegalSettings = (input: LegalSettings) =>
  apiFetch<AppSettings>('/api/admin/settings/legal', { method: 'PUT', body: JSON.stringify(input) });

export function useSaveLegalSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveLegalSettings, onSuccess: () => invalidateSettings(queryClient) });
}
