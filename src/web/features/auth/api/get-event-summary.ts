import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventSummary } from '@shared/event-summary';
import { apiFetch } from '@web/lib/api-client';

export const eventSummaryQuery = (slug: string) =>
  queryOptions({
    queryKey: ['events', slug, 'summary'],
    queryFn: () => apiFetch<EventSummary>(`/api/events/${encodeURIComponent(slug)}/summary`),
    retry: false,
  });

export const useEventSummary = (slug: string) => useQuery(eventSummaryQuery(slug));
