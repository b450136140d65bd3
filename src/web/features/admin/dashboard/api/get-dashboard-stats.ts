import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@shared/event-stats';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_DASHBOARD_KEY } from './get-admin-dashboard';

/**
 * GET /api/admin/dashboard/stats: the dashboard's charts (docs/product/charts.md#dashboard-charts); under the
 * dashboard's key, so 'Aktualisieren' reads them again too.
 */
export const dashboardStatsQuery = queryOptions({
  queryKey: [...ADMIN_DASHBOARD_KEY, 'stats'] as const,
  queryFn: ({ signal }) => apiFetch<DashboardStats>('/api/admin/dashboard/stats', { signal }),
  staleTime: 0,
});

export const useDashboardStats = () => useQuery(dashboardStatsQuery);
