import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_TICKET_FILTERS_KEY, ADMIN_TICKET_LIST_KEY } from './admin-ticket-keys';

/** DELETE /api/admin/tickets/:id (admins only, checked by the server; spec admin §5). */
export const deleteAdminTicket = (ticketId: string) =>
  apiFetch<{ ok: true }>(`/api/admin/tickets/${encodeURIComponent(ticketId)}`, { method: 'DELETE' });

export function useDeleteAdminTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminTicket,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ADMIN_TICKET_LIST_KEY });
      // the last ticket of an event or user takes it out of the filter options
      await queryClient.invalidateQueries({ queryKey: ADMIN_TICKET_FILTERS_KEY });
    },
  });
}
