import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserCreateInput } from '@shared/admin-users';
import type { Role } from '@shared/session';
import { apiFetch } from '@web/lib/api-client';
import { USERS_KEY } from './get-users';

export const createUser = (input: UserCreateInput) =>
  apiFetch<{ id: string; email: string; role: Role }>('/api/admin/users', {
    method: 'POST',
    body: JSON.stringify(input),
  });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
