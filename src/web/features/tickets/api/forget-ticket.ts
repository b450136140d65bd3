import { useQueryClient } from '@tanstack/react-query';
import type { MyTicket } from '@shared/tickets';
import { queryKeys } from '@web/lib/query-keys';
import { clearTicketsCache } from '../tickets-cache';

/**
 * A ticket an admin deleted from 'Meine Tickets' (docs/product/tickets-and-refunds.md#delete-ticket; the
 * call is the admin's, app/my-tickets-route.tsx): it goes from the list at once, then the list is read again.
 */
export function useForgetTicket() {
  const queryClient = useQueryClient();
  return (ticketId: string) => {
    clearTicketsCache();
    queryClient.setQueriesData<MyTicket[]>({ queryKey: queryKeys.tickets.mine }, (tickets) =>
      tickets?.filter((ticket) => ticket.id !== ticketId),
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.tickets.mine });
  };
}
