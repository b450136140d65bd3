import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEvent } from '@shared/events';
import { apiFetch } from '@web/lib/api-client';
import { isAdmin, useSession } from '@web/lib/session';
import { queryKeys } from '@web/lib/query-keys';

/**
 * GET /api/events: the published events in start order (admins also drafts,
 * docs/product/events.md#admins-see-more). */
export const eventsQuery = (viewer: 'admin' | 'public') =>
  queryOptions({
    queryKey: queryKeys.events.list(viewer),
    queryFn: ({ signal }) => apiFetch<PublicEvent[]>('/api/events', { signal }),
  });

export function useEvents() {
  const { user } = useSession();
  return useQuery(eventsQuery(isAdmin(user) ? 'admin' : 'public'));
}
