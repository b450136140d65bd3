import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ParticipantList } from '@shared/participants';
import { apiFetch } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/**
 * GET /api/participants/{eventId} (docs/product/organizer-day.md#participants): admins for any event,
 * organizers for their own (403 otherwise).
 */
export const getParticipants = (eventId: string) =>
  apiFetch<ParticipantList>(`/api/participants/${encodeURIComponent(eventId)}`);

export const participantsQuery = (eventId: string) =>
  queryOptions({
    queryKey: queryKeys.participants.list(eventId),
    queryFn: () => getParticipants(eventId),
    // the door checks people in while the list is open: fresh when the window comes back
    refetchOnWindowFocus: true,
  });

export const useParticipants = (eventId: string) => useQuery(participantsQuery(eventId));
