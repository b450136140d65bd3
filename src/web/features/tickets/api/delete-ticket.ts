import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyTicket } from '@shared/tickets';
import { apiFetch } from '@web/lib/api-client';
import { clearTicketsCache } from '../tickets-cache';
import { MY_TICKETS_KEY } from './get-my-tickets';

/** DELETE /api/admin/tickets/:id (spec visitor §7 admin-delete-ticket; admins only, checked by the server). */
export const deleteTicket = (ticketId: string) =>
  apiFetch<{ ok: true }>(`/api/admin/tickets/${encodeURIComponent(ticketId)}`, { method: 'DELETE' });

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicket,
    onSuccess: (_result, ticketId) => {
      clearTicketsCache();
      queryClient.setQueriesData<MyTicket[]>({ queryKey: MY_TICKETS_KEY }, (tickets) =>
        tickets?.filter((ticket) => ticket.id !== ticketId),
      );
      void queryClient.invalidateQueries({ queryKey: MY_TICKETS_KEY });
    },
  });
}
