import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { bankTransferSettingsSchema } from '@shared/admin-settings';
import type { BankTransferSettings } from '@shared/bank-transfer';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_SETTINGS_KEY } from './get-admin-settings';

/** What the card sends: the schema's output (IBAN and BIC without spaces, upper-case). */
export type BankTransferSettingsBody = z.output<typeof bankTransferSettingsSchema>;

/** PUT /api/admin/settings/bank-transfer (docs/product/bank-transfer.md#settings) → the stored settings. */
export const saveBankTransferSettings = (input: BankTransferSettingsBody) =>
  apiFetch<BankTransferSettings>('/api/admin/settings/bank-transfer', {
    method: 'PUT',
    body: JSON.stringify(input),
  });

/**
 * Admin-only like the invoice settings: only the admin view is refreshed (the checkout learns of it from
 * GET /api/payments/config, which is read again after its minute).
 */
export function useSaveBankTransferSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBankTransferSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_SETTINGS_KEY }),
  });
}
