import type { RefundOverrideInput } from '@shared/admin-tickets';
import type { CancelTicketResult } from '@shared/tickets';
import { apiFetch } from '@web/lib/api-client';

// No hook here: single and bulk cancels run through useTicketActions, which refreshes the list once.

export interface AdminCancelInput {
  ticketId: string;
  /** null: the event's policy decides (docs/product/tickets-and-refunds.md#admin-override). */
  override: RefundOverrideInput | null;
}

/** POST /api/admin/tickets/:id/cancel → {refund, message}. */
export const cancelAdminTicket = ({ ticketId, override }: AdminCancelInput) =>
  apiFetch<CancelTicketResult>(`/api/admin/tickets/${encodeURIComponent(ticketId)}/cancel`, {
    method: 'POST',
    body: JSON.stringify({ override }),
  });
