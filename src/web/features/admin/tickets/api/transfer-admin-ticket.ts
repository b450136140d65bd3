import type { TicketTransferInput } from '@shared/ticket-transfer';
import { apiFetch } from '@web/lib/api-client';

// No hook here: like cancel and delete it runs through useTicketActions, which refreshes the list.

/**
 * POST /api/admin/tickets/:id/transfer {name, email}: the admin hands a ticket to a substitute
 * (docs/product/tickets-and-refunds.md#ticket-transfer).
 */
export const transferAdminTicket = ({ ticketId, ...input }: TicketTransferInput & { ticketId: string }) =>
  apiFetch<unknown>(`/api/admin/tickets/${encodeURIComponent(ticketId)}/transfer`, {
    method: 'POST',
    body: JSON.stringify(input),
  });
