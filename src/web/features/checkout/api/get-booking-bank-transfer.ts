import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankTransferInstructions } from '@shared/bank-transfer';
import { ApiError, apiFetch } from '@web/lib/api-client';

export const bookingBankTransferKey = (bookingId: string) =>
  ['bookings', bookingId, 'bank-transfer'] as const;

/**
 * GET /api/bookings/:id/bank-transfer: what to transfer for a booking that pays by transfer
 * (docs/product/bank-transfer.md#instructions); null when it does not (the server's 404).
 */
export const getBookingBankTransfer = (bookingId: string, signal?: AbortSignal) =>
  apiFetch<BankTransferInstructions>(`/api/bookings/${encodeURIComponent(bookingId)}/bank-transfer`, {
    signal,
  }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
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
