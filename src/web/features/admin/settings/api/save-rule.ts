import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancellationRule, RuleInput } from '@shared/cancellation-policies';
import { apiFetch } from '@web/lib/api-client';
import { POLICIES_KEY } from './get-policies';

export const createRule = ({ policyId, ...rule }: RuleInput & { policyId: string }) =>
  apiFetch<CancellationRule>(`/api/admin/settings/policies/${policyId}/rules`, {
    method: 'POST',
    body: JSON.stringify(rule),
  });

export const updateRule = ({ id, ...rule }: RuleInput & { id: string }) =>
  apiFetch<CancellationRule>(`/api/admin/settings/rules/${id}`, {
    method: 'PATCH',
    body: JSON.stringify(rule),
  });

export const deleteRule = (id: string) =>
  apiFetch<{ ok: true }>(`/api/admin/settings/rules/${id}`, { method: 'DELETE' });

function useRuleMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: POLICIES_KEY }),
  });
}

export const useCreateRule = () => useRuleMutation(createRule);
export const useUpdateRule = () => useRuleMutation(updateRule);
export const useDeleteRule = () => useRuleMutation(deleteRule);
