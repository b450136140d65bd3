import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountingSettings, AccountingSettingsInput } from '@shared/accounting';
import { apiFetch } from '@web/lib/api-client';
import { ACCOUNTING_KEYS } from './get-accounting-settings';

/** PUT /api/admin/accounting/settings */
export const saveAccountingSettings = (input: AccountingSettingsInput) =>
  apiFetch<{ accounting: AccountingSettings }>('/api/admin/accounting/settings', {
    method: 'PUT',
    body: JSON.stringify(input),
  });

/** Other accounts change the preview's balances: both are fetched again. */
export function useSaveAccountingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAccountingSettings,
    onSuccess: async (answer) => {
      queryClient.setQueryData(ACCOUNTING_KEYS.settings, answer);
      await queryClient.invalidateQueries({ queryKey: ACCOUNTING_KEYS.previews });
    },
  });
}
