import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundOverrideInput } from '@shared/admin-tickets';
import type { CancelTicketResult } from '@shared/tickets';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_TICKET_LIST_KEY } from './admin-ticket-keys';

export interface AdminCancelInput {
  ticketId: string;
  /** null: the event's policy decides (spec admin §7 admin-cancel-ticket). */
  override: RefundOverrideInput | null;
}

export const cancelAdminTicket = ({ ticketId, override }: AdminCancelInput) =>
  apiFetch<CancelTicketResult>(`/api/admin/tickets/${encodeURIComponent(ticketId)}/cancel`, {
    method: 'POST',
    body: JSON.stringify({ override }),
  });

export function useCancelAdminTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAdminTicket,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_TICKET_LIST_KEY }),
  });
}
