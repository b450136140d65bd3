import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethodSettings } from '@shared/payment-methods';
import { apiFetch } from '@web/lib/api-client';
import { paymentConfigQuery } from '@web/lib/payment-config';
import { ADMIN_SETTINGS_KEY } from './get-admin-settings';

/** PUT /api/admin/settings/payment-methods (docs/decisions/056-payment-methods-and-the-checkout.md) → the stored settings. */
export const savePaymentMethodSettings = (input: PaymentMethodSettings) =>
  apiFetch<PaymentMethodSettings>('/api/admin/settings/payment-methods', {
    method: 'PUT',
    body: JSON.stringify(input),
  });

/** Refreshes the admin view and this tab's checkout config (other visitors read it again after its minute). */
export function useSavePaymentMethodSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentMethodSettings,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: paymentConfigQuery.queryKey });
      return queryClient.invalidateQueries({ queryKey: ADMIN_SETTINGS_KEY });
    },
  });
}
