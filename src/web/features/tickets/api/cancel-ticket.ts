import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancelErrorMessage,
  cancelSuccessMessage,
  TICKET_MESSAGES,
  type CancelTicketResult,
  type MyTicket,
} from '@shared/tickets';
import { ApiError, apiFetch } from '@web/lib/api-client';
import { clearTicketsCache } from '../tickets-cache';
import { MY_TICKETS_KEY } from './get-my-tickets';

/** POST /api/tickets/:id/cancel (spec visitor §7 cancel_ticket). */
export const cancelTicket = (ticketId: string) =>
  apiFetch<CancelTicketResult>(`/api/tickets/${encodeURIComponent(ticketId)}/cancel`, {
    method: 'POST',
    body: '{}',
  });

/** spec visitor §8 'Cancel success': the server's message, else the refund in words. */
export const cancelSuccessText = (result: CancelTicketResult) =>
  result.message?.trim() ||
  cancelSuccessMessage(result.refund?.amountCents ?? 0, result.refund?.currency ?? 'EUR');

/**
 * spec visitor §8 'Cancel': a JSON message of the server as is, otherwise by status (0: no connection).
 * apiFetch marks answers without our JSON error body with the code 'unknown'.
 */
export function cancelFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return TICKET_MESSAGES.cancelUnknown;
  const fromServer = error.status > 0 && error.code !== 'unknown' ? error.message : null;
  return cancelErrorMessage(error.status, fromServer);
}

/** The ticket is shown cancelled at once (spec visitor §4); the list is then read again from the server. */
export function useCancelTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTicket,
    onSuccess: (_result, ticketId) => {
      clearTicketsCache();
      queryClient.setQueriesData<MyTicket[]>({ queryKey: MY_TICKETS_KEY }, (tickets) =>
        tickets?.map((ticket) =>
          ticket.id === ticketId
            ? { ...ticket, status: 'canceled', cancellation: null, onlineUrl: null }
            : ticket,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: MY_TICKETS_KEY });
    },
  });
}
