import { apiFetch } from '@web/lib/api-client';

/** POST /api/admin/tickets/:id/preview: renders the stored preview image again (row and bulk action). */
export const rerenderTicketPreview = (ticketId: string) =>
  apiFetch<{ ok: true }>(`/api/admin/tickets/${encodeURIComponent(ticketId)}/preview`, {
    method: 'POST',
    body: '{}',
  });
