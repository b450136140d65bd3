import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTransferBooking } from '@shared/bank-statements';
import { apiFetch } from '@web/lib/api-client';
import { TRANSFER_KEYS } from './bank-statement-keys';

/** GET /api/admin/bank-transfers: bookings waiting for money, due first (docs/product/bank-transfer.md#admin-actions). */
export const transferBookingsQuery = () =>
  queryOptions({
    queryKey: TRANSFER_KEYS.bookings,
    queryFn: ({ signal }) =>
      apiFetch<{ bookings: AdminTransferBooking[] }>('/api/admin/bank-transfers', { signal }),
    staleTime: 0,
  });

export const useTransferBookings = () => useQuery(transferBookingsQuery());
