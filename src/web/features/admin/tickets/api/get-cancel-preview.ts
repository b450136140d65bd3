import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCancelPreview } from '@shared/admin-tickets';
import { apiFetch } from '@web/lib/api-client';
import { ADMIN_TICKET_CANCEL_PREVIEW_KEY } from './admin-ticket-keys';

/**
 * GET /api/admin/tickets/:id/cancel-preview: hours left, the rule in effect, the refunds
 * (docs/product/admin.md#admin-cancel-dialog).
 */
export const getCancelPreview = (ticketId: string) =>
  apiFetch<AdminCancelPreview>(`/api/admin/tickets/${encodeURIComponent(ticketId)}/cancel-preview`);

export const cancelPreviewQuery = (ticketId: string) =>
  queryOptions({
    queryKey: [...ADMIN_TICKET_CANCEL_PREVIEW_KEY, ticketId],
    queryFn: () => getCancelPreview(ticketId),
    // hours and refundable amounts change: always ask again when the dialog opens
    staleTime: 0,
    gcTime: 0,
  });

export const useCancelPreview = (ticketId: string | null) =>
  useQuery({ ...cancelPreviewQuery(ticketId ?? ''), enabled: ticketId !== null });
