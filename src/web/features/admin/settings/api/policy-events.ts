import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PolicyEvent } from '@shared/cancellation-policies';
import { apiFetch } from '@web/lib/api-client';

export const POLICY_EVENTS_KEY = ['admin', 'policy-events'] as const;

export const policyEventsQuery = queryOptions({
  queryKey: POLICY_EVENTS_KEY,
  queryFn: () => apiFetch<PolicyEvent[]>('/api/admin/settings/policy-events'),
  staleTime: 0,
});

export const usePolicyEvents = () => useQuery(policyEventsQuery);

export const assignEventPolicy = ({ eventId, policyId }: { eventId: string; policyId: string | null }) =>
  apiFetch<PolicyEvent>(`/api/admin/settings/policy-events/${eventId}`, {
    method: 'PUT',
    body: JSON.stringify({ policyId }),
  });

export function useAssignEventPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignEventPolicy,
    onSuccess: (saved) =>
      queryClient.setQueryData<PolicyEvent[]>(POLICY_EVENTS_KEY, (events) =>
        events?.map((event) => (event.id === saved.id ? saved : event)),
      ),
  });
}
