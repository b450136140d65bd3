import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

/** POST /api/admin/tickets/:id/preview: renders the stored preview image again (admins only). */
export const refreshTicketPreview = (ticketId: string) =>
  apiFetch<{ ok: true }>(`/api/admin/tickets/${encodeURIComponent(ticketId)}/preview`, {
    method: 'POST',
    body: '{}',
  });

export const useRefreshTicketPreview = () => useMutation({ mutationFn: refreshTicketPreview });
