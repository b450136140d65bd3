import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MyTicket } from '@shared/tickets';
import type { TicketTransferInput } from '@shared/ticket-transfer';
import { apiFetch } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { clearTicketsCache } from '../tickets-cache';

/**
 * POST /api/tickets/:id/transfer {name, email} → the updated ticket
 * (docs/product/tickets-and-refunds.md#ticket-transfer).
 */
export const transferTicket = ({ ticketId, ...input }: TicketTransferInput & { ticketId: string }) =>
  apiFetch<MyTicket>(`/api/tickets/${encodeURIComponent(ticketId)}/transfer`, {
    method: 'POST',
    body: JSON.stringify(input),
  });

/**
 * PATCH /api/tickets/:id/holder-name {name} → the updated ticket: a typo fix, the same person
 * (docs/product/tickets-and-refunds.md#holder-name-change).
 */
export const changeHolderName = ({ ticketId, name }: { ticketId: string; name: string }) =>
  apiFetch<MyTicket>(`/api/tickets/${encodeURIComponent(ticketId)}/holder-name`, {
    method: 'PATCH',
    body: JSON.stringify({ name }),
  });

/** The server's ticket replaces the shown one at once; then the list is read again. */
function showUpdated(queryClient: QueryClient, updated: MyTicket | undefined, ticketId: string) {
  clearTicketsCache();
  if (updated && typeof updated === 'object' && updated.id === ticketId) {
    queryClient.setQueriesData<MyTicket[]>({ queryKey: queryKeys.tickets.mine }, (tickets) =>
      tickets?.map((ticket) => (ticket.id === ticketId ? updated : ticket)),
    );
  }
  return queryClient.invalidateQueries({ queryKey: queryKeys.tickets.mine });
}

export function useTransferTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferTicket,
    onSuccess: (updated, { ticketId }) => void showUpdated(queryClient, updated, ticketId),
  });
}

export function useChangeHolderName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeHolderName,
    onSuccess: (updated, { ticketId }) => void showUpdated(queryClient, updated, ticketId),
  });
}
