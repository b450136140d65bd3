import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ParticipantMessageLog } from '@shared/mail-rules';
import { apiFetch } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** The key of an event's sent messages, under its participant list. */
export const participantMessagesKey = (eventId: string) =>
  [...queryKeys.participants.list(eventId), 'messages'] as const;

/**
 * GET /api/participants/{eventId}/messages: 'Gesendete Nachrichten', newest first
 * (docs/product/event-mails.md#participant-message).
 */
export const getParticipantMessages = (eventId: string) =>
  apiFetch<ParticipantMessageLog>(`/api/participants/${encodeURIComponent(eventId)}/messages`);

export const useParticipantMessages = (eventId: string) =>
  useQuery(
    queryOptions({
      queryKey: participantMessagesKey(eventId),
      queryFn: () => getParticipantMessages(eventId),
    }),
  );
