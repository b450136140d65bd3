import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEvent, PublicOrganizer } from '@shared/events';
import { apiFetch } from '@web/lib/api-client';

/**
 * What a snippet may show (docs/product/widget.md#scopes): the organizers and the events visitors see now
 * (GET /api/organizers, GET /api/events; an admin's list also holds drafts, which the card leaves out).
 */
export const embedChoicesQuery = queryOptions({
  queryKey: ['admin', 'settings', 'embed-choices'] as const,
  queryFn: async ({ signal }) => {
    const [organizers, events] = await Promise.all([
      apiFetch<PublicOrganizer[]>('/api/organizers', { signal }),
      apiFetch<PublicEvent[]>('/api/events', { signal }),
    ]);
    return { organizers, events };
  },
});

export const useEmbedChoices = () => useQuery(embedChoicesQuery);
