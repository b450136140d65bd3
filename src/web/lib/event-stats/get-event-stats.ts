import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventStats } from '@shared/event-stats';
import { apiFetch } from '@web/lib/api-client';

/**
 * GET /api/organizer/events/{id}/stats: an event's bookings, revenue and door for its charts
 * (docs/product/charts.md#event-chart), for the event's organizers and admins alike. Under the organizer area's
 * key, so reading the organizer's events again also reads the charts again.
 */
export const eventStatsQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['organizer', 'events', eventId, 'stats'] as const,
    queryFn: ({ signal }) =>
      apiFetch<EventStats>(`/api/organizer/events/${encodeURIComponent(eventId)}/stats`, { signal }),
    staleTime: 0,
  });

export const useEventStats = (eventId: string) => useQuery(eventStatsQuery(eventId));
