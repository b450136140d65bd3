import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEvent } from '@shared/events';
import { ApiError, apiFetch } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/**
 * GET /api/events/:id: the public event API answers by slug or, as a fallback, by id. The key
 * lives under the event details (lib/query-keys.ts) on purpose: live seat updates and the event views' refreshes write into
 * every query there, so the checkout's seat count stays current without a second connection.
 */
export const checkoutEventQuery = (eventId: string) =>
  queryOptions({
    queryKey: queryKeys.events.byId(eventId),
    queryFn: ({ signal }) => apiFetch<PublicEvent>(`/api/events/${encodeURIComponent(eventId)}`, { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });

export const useCheckoutEvent = (eventId: string) => useQuery(checkoutEventQuery(eventId));
