import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@shared/admin-dashboard';
import { apiFetch } from '@web/lib/api-client';

export const ADMIN_DASHBOARD_KEY = ['admin', 'dashboard'] as const;

/** GET /api/admin/dashboard: figures and short lists of the overview; fresh on every visit. */
export const adminDashboardQuery = queryOptions({
  queryKey: ADMIN_DASHBOARD_KEY,
  queryFn: ({ signal }) => apiFetch<AdminDashboard>('/api/admin/dashboard', { signal }),
  staleTime: 0,
});

export const useAdminDashboard = () => useQuery(adminDashboardQuery);
