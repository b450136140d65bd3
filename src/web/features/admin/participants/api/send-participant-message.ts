import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParticipantMessageInput, ParticipantMessageResult } from '@shared/mail-rules';
import { apiFetch } from '@web/lib/api-client';
import { participantMessagesKey } from './get-participant-messages';

/**
 * POST /api/participants/{eventId}/message: 'Nachricht an alle', or to the chosen tickets' holders
 * (docs/product/event-mails.md#participant-message).
 */
export const sendParticipantMessage = (eventId: string, input: ParticipantMessageInput) =>
  apiFetch<ParticipantMessageResult>(`/api/participants/${encodeURIComponent(eventId)}/message`, {
    method: 'POST',
    body: JSON.stringify(input),
  });

export function useSendParticipantMessage(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ParticipantMessageInput) => sendParticipantMessage(eventId, input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: participantMessagesKey(eventId), exact: true }),
  });
}
