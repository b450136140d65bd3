import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancelErrorMessage,
  cancelSuccessMessage,
  FREE_TICKET_TEXTS,
  TICKET_MESSAGES,
  type CancelTicketResult,
  type MyTicket,
} from '@shared/tickets';
import { ApiError, apiFetch } from '@web/lib/api-client';
import { clearTicketsCache } from '../tickets-cache';
import { queryKeys } from '@web/lib/query-keys';

/**
 * The account a refund of a ticket paid by transfer goes to; both empty: back to the account the payment came
 * from (docs/product/bank-transfer.md#refunds).
 */
export interface RefundAccount {
  payoutIban: string;
  payoutName: string;
}

export interface CancelTicketInput {
  ticketId: string;
  /** Only for a ticket paid by transfer whose cancelling refunds money; other tickets send an empty body. */
  payout?: RefundAccount;
}

/** POST /api/tickets/:id/cancel (docs/product/tickets-and-refunds.md#who-cancels). */
export const cancelTicket = ({ ticketId, payout }: CancelTicketInput) =>
  apiFetch<CancelTicketResult>(`/api/tickets/${encodeURIComponent(ticketId)}/cancel`, {
    method: 'POST',
    body: payout ? JSON.stringify(payout) : '{}',
  });

/**
 * The server's message, else the refund in words (docs/product/tickets-and-refunds.md#cancel-button-label), or
 * a free ticket's story (docs/product/tickets-and-refunds.md#free-ticket-cancel).
 */
export const cancelSuccessText = (result: CancelTicketResult, free = false) =>
  result.message?.trim() ||
  (free
    ? FREE_TICKET_TEXTS.cancelled
    : cancelSuccessMessage(result.refund?.amountCents ?? 0, result.refund?.currency ?? 'EUR'));

/**
 * A JSON message of the server as is, otherwise by status (0: no connection;
 * docs/product/tickets-and-refunds.md#cancel-messages).
 * apiFetch marks answers without our JSON error body with the code 'unknown'.
 */
export function cancelFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return TICKET_MESSAGES.cancelUnknown;
  const fromServer = error.status > 0 && error.code !== 'unknown' ? error.message : null;
  return cancelErrorMessage(error.status, fromServer);
}

/**
 * The ticket is shown cancelled at once; the list is then read again from the server
 * (docs/product/tickets-and-refunds.md#my-tickets).
 */
export function useCancelTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTicket,
    onSuccess: (_result, { ticketId }) => {
      clearTicketsCache();
      queryClient.setQueriesData<MyTicket[]>({ queryKey: queryKeys.tickets.mine }, (tickets) =>
        tickets?.map((ticket) =>
          ticket.id === ticketId
            ? { ...ticket, status: 'canceled', cancellation: null, onlineUrl: null }
            : ticket,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.tickets.mine });
    },
  });
}
