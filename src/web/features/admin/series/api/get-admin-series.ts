import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSeries } from '@shared/series';
import { apiFetch } from '@web/lib/api-client';
import { SERIES_KEYS } from './series-keys';

/** GET /api/admin/series/:id: the series with all its dates (docs/product/event-series.md#admin-list). */
export const adminSeriesQuery = (id: string) =>
  queryOptions({
    queryKey: SERIES_KEYS.detail(id),
    queryFn: ({ signal }) => apiFetch<AdminSeries>(`/api/admin/series/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
    retry: false,
  });

export const useAdminSeries = (id: string) => useQuery(adminSeriesQuery(id));
