import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IntegrationStatus } from '@shared/admin-settings';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_SETTINGS_KEY } from './get-admin-settings';

export const integrationStatusQuery = queryOptions({
  queryKey: [...ADMIN_SETTINGS_KEY, 'status'],
  queryFn: () => apiFetch<IntegrationStatus>('/api/admin/settings/status'),
  staleTime: 0,
});

export const useIntegrationStatus = () => useQuery(integrationStatusQuery);
