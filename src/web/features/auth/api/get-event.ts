import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEvent } from '@shared/events';
import { apiFetch } from '@web/lib/api-client';

/** The event the sign-in page is branded with: the public event API (served from the server's cache). */
export const eventForLoginQuery = (slug: string) =>
  queryOptions({
    queryKey: ['event-login', slug],
    queryFn: () => apiFetch<PublicEvent>(`/api/events/${encodeURIComponent(slug)}`),
    retry: false,
  });

export const useEventForLogin = (slug: string) => useQuery(eventForLoginQuery(slug));
