import { apiFetch } from '@web/lib/api-client';

// No hook here: single and bulk deletes run through useTicketActions, which refreshes the list once.

/**
 * DELETE /api/admin/tickets/:id (admins only, checked by the server;
 * docs/product/tickets-and-refunds.md#delete-ticket).
 */
export const deleteAdminTicket = (ticketId: string) =>
  apiFetch<{ ok: true }>(`/api/admin/tickets/${encodeURIComponent(ticketId)}`, { method: 'DELETE' });
