import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventFormOptions } from '@shared/admin-events';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_EVENT_KEYS } from '@web/features/admin/kit/admin-event-keys';

/** GET /api/admin/events/form-options: admins and organizers, and the cancellation policies. */
export const eventFormOptionsQuery = queryOptions({
  queryKey: ADMIN_EVENT_KEYS.formOptions,
  queryFn: ({ signal }) => apiFetch<EventFormOptions>('/api/admin/events/form-options', { signal }),
});

export const useEventFormOptions = () => useQuery(eventFormOptionsQuery);
