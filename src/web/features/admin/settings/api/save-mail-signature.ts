import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailSignatureInput } from '@shared/admin-settings';
import type { AppSettings } from '@shared/settings';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_SETTINGS_KEY } from './get-admin-settings';

export const saveMailSignature = (input: MailSignatureInput) =>
  apiFetch<AppSettings>('/api/admin/settings/mail-signature', {
    method: 'PUT',
    body: JSON.stringify(input),
  });

/** The signature is admin-only (not in GET /api/settings): only the admin view is refreshed. */
export function useSaveMailSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMailSignature,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_SETTINGS_KEY }),
  });
}
