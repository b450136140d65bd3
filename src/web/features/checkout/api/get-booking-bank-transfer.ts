import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankTransferInstructions } from '@shared/bank-transfer';
import { apiFetch } from '@web/lib/api-client';

export const bookingBankTransferKey = (bookingId: string) =>
  ['bookings', bookingId, 'bank-transfer'] as const;

/**
 * GET /api/bookings/:id/bank-transfer: what to transfer for a booking that pays by transfer
 * (docs/product/bank-transfer.md#instructions); null when it does not.
 */
export const getBookingBankTransfer = (bookingId: string, signal?: AbortSignal) =>
  apiFetch<BankTransferInstructions | null>(`/api/bookings/${encodeURIComponent(bookingId)}/bank-transfer`, {
    signal,
  });

export const bookingBankTransferQuery = (bookingId: string) =>
  queryOptions({
    queryKey: bookingBankTransferKey(bookingId),
    queryFn: ({ signal }) => getBookingBankTransfer(bookingId, signal),
    staleTime: 0,
    retry: 1,
  });

export const useBookingBankTransfer = (bookingId: string, enabled = true) =>
  useQuery({ ...bookingBankTransferQuery(bookingId), enabled });
