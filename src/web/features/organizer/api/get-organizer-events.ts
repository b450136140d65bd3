import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizerEvent } from '@shared/participants';
import { apiFetch } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/organizer/events: the events the signed-in organizer is assigned to (docs/product/organizer-day.md#organizer-area). */
export const getOrganizerEvents = () => apiFetch<OrganizerEvent[]>('/api/organizer/events');

export const organizerEventsQuery = queryOptions({
  queryKey: queryKeys.organizerEvents,
  queryFn: getOrganizerEvents,
});

export const useOrganizerEvents = () => useQuery(organizerEventsQuery);
