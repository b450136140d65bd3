import type { CheckInOutcome, CheckInRequest, Participant, ParticipantList } from '@shared/participants';
import { apiFetch } from '@web/lib/api-client';

// The door's requests (docs/product/organizer-day.md#check-in-authority: the server decides who may; a 403
// carries its German message, which the page shows).

/** GET /api/participants/{eventId}: the event's tickets, the device's ticket list. */
export const fetchParticipants = (eventId: string, signal?: AbortSignal) =>
  apiFetch<ParticipantList>(`/api/participants/${encodeURIComponent(eventId)}`, { signal });

/** POST /api/checkin/{eventId} by scan or by ticket id; `at` and `deviceCheckInId` for queued ones. */
export const postCheckIn = (eventId: string, request: CheckInRequest) =>
  apiFetch<CheckInOutcome>(`/api/checkin/${encodeURIComponent(eventId)}`, {
    method: 'POST',
    body: JSON.stringify(request),
  });

/** DELETE /api/checkin/{eventId}/{ticketId}: undo a check-in. */
export const deleteCheckIn = (eventId: string, ticketId: string) =>
  apiFetch<Participant>(`/api/checkin/${encodeURIComponent(eventId)}/${encodeURIComponent(ticketId)}`, {
    method: 'DELETE',
  });

export const checkInQueryKey = (eventId: string) => ['checkin', 'participants', eventId] as const;
