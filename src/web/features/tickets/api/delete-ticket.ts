import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyTicket } from '@shared/tickets';
import { apiFetch } from '@web/lib/api-client';
import { clearTicketsCache } from '../tickets-cache';
import { queryKeys } from '@web/lib/query-keys';

/**
 * DELETE /api/admin/tickets/:id (admins only, checked by the server;
 * docs/product/tickets-and-refunds.md#delete-ticket).
 */
export const deleteTicket = (ticketId: string) =>
  apiFetch<{ ok: true }>(`/api/admin/tickets/${encodeURIComponent(ticketId)}`, { method: 'DELETE' });

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicket,
    onSuccess: (_result, ticketId) => {
      clearTicketsCache();
      queryClient.setQueriesData<MyTicket[]>({ queryKey: queryKeys.tickets.mine }, (tickets) =>
        tickets?.filter((ticket) => ticket.id !== ticketId),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.tickets.mine });
    },
  });
}
