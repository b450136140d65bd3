import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@shared/session';
import { apiFetch } from '@web/lib/api-client';
import { sessionQuery } from '@web/lib/session';
import { USERS_KEY } from './get-users';

export const changeUserRole = (input: { id: string; role: Role }) =>
  apiFetch<{ userId: string; role: Role }>('/api/admin/users', {
    method: 'PATCH',
    body: JSON.stringify(input),
  });

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
      // the admin may have changed their own role
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}
