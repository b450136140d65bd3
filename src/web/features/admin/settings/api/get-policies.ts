import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CancellationPolicy } from '@shared/cancellation-policies';
import { apiFetch } from '@web/lib/api-client';

export const POLICIES_KEY = ['admin', 'policies'] as const;

export const policiesQuery = queryOptions({
  queryKey: POLICIES_KEY,
  queryFn: () => apiFetch<CancellationPolicy[]>('/api/admin/settings/policies'),
  staleTime: 0,
});

export const usePolicies = () => useQuery(policiesQuery);
