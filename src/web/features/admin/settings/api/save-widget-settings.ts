import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WidgetSettings } from '@shared/widget-settings';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_SETTINGS_KEY } from './get-admin-settings';

/** PUT /api/admin/settings/widget (docs/product/widget.md#allowed-sites) → the stored list. */
export const saveWidgetSettings = (input: WidgetSettings) =>
  apiFetch<WidgetSettings>('/api/admin/settings/widget', { method: 'PUT', body: JSON.stringify(input) });

export function useSaveWidgetSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWidgetSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_SETTINGS_KEY }),
  });
}
