import type { ReconcileResult } from '@shared/admin-payments';
import { apiFetch } from '@web/lib/api-client';

/**
 * POST /api/admin/bookings/:id/reconcile, 'Mit Stripe abgleichen' (admins only, checked by the server;
 * docs/product/payments.md#reconcile-by-hand): asks the provider now and answers the booking's payment state.
 */
export const reconcileBooking = (bookingId: string) =>
  apiFetch<ReconcileResult>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/reconcile`, {
    method: 'POST',
    body: '{}',
  });
