import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEvent } from '@shared/events';
import { ApiError, apiFetch } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/events/:slug; a 404 ('Event nicht gefunden') is an answer, not worth retrying. */
export const eventQuery = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.events.detail(slug),
    queryFn: ({ signal }) => apiFetch<PublicEvent>(`/api/events/${encodeURIComponent(slug)}`, { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });

export const useEvent = (slug: string) => useQuery(eventQuery(slug));
