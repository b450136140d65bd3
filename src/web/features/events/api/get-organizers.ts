import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicOrganizer } from '@shared/events';
import { apiFetch } from '@web/lib/api-client';

/**
 * GET /api/organizers: the people of 'Wer wir sind' (docs/product/admin.md#public-organizers); they rarely
 * change.
 */
export const organizersQuery = queryOptions({
  queryKey: ['organizers'],
  queryFn: ({ signal }) => apiFetch<PublicOrganizer[]>('/api/organizers', { signal }),
  staleTime: 10 * 60_000,
});

export const useOrganizers = () => useQuery(organizersQuery);
