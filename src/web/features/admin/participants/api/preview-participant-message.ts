import { useMutation } from '@tanstack/react-query';
import type { ParticipantMessageInput, ParticipantMessagePreview } from '@shared/mail-rules';
import { apiFetch } from '@web/lib/api-client';

/**
 * POST /api/participants/{eventId}/message/preview: the message as its first recipient would get it, and
 * how many persons it would reach (docs/product/event-mails.md#participant-message).
 */
export const previewParticipantMessage = (eventId: string, input: ParticipantMessageInput) =>
  apiFetch<ParticipantMessagePreview>(`/api/participants/${encodeURIComponent(eventId)}/message/preview`, {
    method: 'POST',
    body: JSON.stringify(input),
  });

export const usePreviewParticipantMessage = (eventId: string) =>
  useMutation({ mutationFn: (input: ParticipantMessageInput) => previewParticipantMessage(eventId, input) });
