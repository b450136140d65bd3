import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminEventListItem } from '@shared/admin-events';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_EVENT_KEYS } from '@web/features/admin/kit/admin-event-keys';

/** GET /api/admin/events: all events, upcoming first (ascending), then past ones (descending). */
export const adminEventsQuery = queryOptions({
  queryKey: ADMIN_EVENT_KEYS.list,
  queryFn: ({ signal }) => apiFetch<AdminEventListItem[]>('/api/admin/events', { signal }),
  staleTime: 0,
});

export const useAdminEvents = () => useQuery(adminEventsQuery);
