import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminEvent } from '@shared/admin-events';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_EVENT_KEYS } from '@web/features/admin/kit/admin-event-keys';

/** GET /api/admin/events/:id: the event as the edit form needs it (organizers, policy, ticket count). */
export const adminEventQuery = (id: string) =>
  queryOptions({
    queryKey: ADMIN_EVENT_KEYS.detail(id),
    queryFn: ({ signal }) => apiFetch<AdminEvent>(`/api/admin/events/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
    retry: false,
  });

export const useAdminEvent = (id: string) => useQuery(adminEventQuery(id));
