import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEvent } from '@shared/events';
import { apiFetch } from '@web/lib/api-client';
import { isAdmin, useSession } from '@web/lib/session';

/** All list queries start with this key; live seat updates write into every one of them. */
export const EVENT_LISTS_KEY = ['events', 'list'] as const;

/**
 * GET /api/events: the published events in start order (admins also drafts, spec visitor §4). The viewer
 * is part of the key, so the list is fetched again when an admin signs in or out.
 */
export const eventsQuery = (viewer: 'admin' | 'public') =>
  queryOptions({
    queryKey: [...EVENT_LISTS_KEY, viewer],
    queryFn: ({ signal }) => apiFetch<PublicEvent[]>('/api/events', { signal }),
  });

export function useEvents() {
  const { user } = useSession();
  return useQuery(eventsQuery(isAdmin(user) ? 'admin' : 'public'));
}
