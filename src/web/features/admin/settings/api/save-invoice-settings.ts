import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceSettingsInput } from '@shared/admin-settings';
import type { InvoiceSettings } from '@shared/invoices';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_SETTINGS_KEY } from './get-admin-settings';

/** PUT /api/admin/settings/invoicing */
export const saveInvoiceSettings = (input: InvoiceSettingsInput) =>
  apiFetch<{ invoicing: InvoiceSettings }>('/api/admin/settings/invoicing', {
    method: 'PUT',
    body: JSON.stringify(input),
  });

/** The invoice settings are admin-only (not in GET /api/settings): only the admin view is refreshed. */
export function useSaveInvoiceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInvoiceSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_SETTINGS_KEY }),
  });
}
