import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeConfirmAnswer } from '@shared/profile';
import { apiFetch } from '@web/lib/api-client';
import { sessionQuery } from '@web/lib/session';
import { profileQuery } from './get-profile';

export const confirmEmailChange = (token: string) =>
  apiFetch<EmailChangeConfirmAnswer>('/api/profile/email-change/confirm', {
    method: 'POST',
    body: JSON.stringify({ token }),
  });

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    },
  });
}
