import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeAnswer } from '@shared/profile';
import { apiFetch } from '@web/lib/api-client';
import { profileQuery } from './get-profile';

export const requestEmailChange = (email: string) =>
  apiFetch<EmailChangeAnswer>('/api/profile/email-change', {
    method: 'POST',
    body: JSON.stringify({ email }),
  });

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEmailChange,
    // The profile shows the address waiting for confirmation.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery.queryKey }),
  });
}
