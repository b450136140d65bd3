import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { USERS_KEY } from './get-users';

export const deleteUser = (id: string) =>
  apiFetch<{ ok: true }>(`/api/admin/users?id=${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
