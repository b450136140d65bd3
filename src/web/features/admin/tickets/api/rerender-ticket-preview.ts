import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

/** POST /api/admin/tickets/:id/preview: renders the stored preview image again. */
export const rerenderTicketPreview = (ticketId: string) =>
  apiFetch<{ ok: true }>(`/api/admin/tickets/${encodeURIComponent(ticketId)}/preview`, {
    method: 'POST',
    body: '{}',
  });

export const useRerenderTicketPreview = () => useMutation({ mutationFn: rerenderTicketPreview });
