import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancellationPolicy, PolicyInput } from '@shared/cancellation-policies';
import { apiFetch } from '@web/lib/api-client';
import { POLICIES_KEY } from './get-policies';

export const createPolicy = () =>
  apiFetch<CancellationPolicy>('/api/admin/settings/policies', { method: 'POST', body: '{}' });

export const updatePolicy = ({ id, ...input }: PolicyInput & { id: string }) =>
  apiFetch<CancellationPolicy>(`/api/admin/settings/policies/${id}`, {
    method: 'PATCH',
    body: JSON.stringify(input),
  });

export function useCreatePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPolicy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: POLICIES_KEY }),
  });
}

export function useUpdatePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePolicy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: POLICIES_KEY }),
  });
}
