import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankTransferInstructions } from '@shared/bank-transfer';
import { apiFetch } from '@web/lib/api-client';

/**
 * GET /api/bank-transfers: the signed-in user's bookings still waiting for their transfer
 * (docs/product/bank-transfer.md#instructions), for 'Offene Überweisungen' in Meine Tickets.
 */
export const openBankTransfersQuery = (userId: string) =>
  queryOptions({
    queryKey: ['bank-transfers', 'mine', userId] as const,
    queryFn: ({ signal }) =>
      apiFetch<{ transfers: BankTransferInstructions[] }>('/api/bank-transfers', { signal }),
    staleTime: 0,
    retry: 1,
  });

export const useOpenBankTransfers = (userId: string) => useQuery(openBankTransfersQuery(userId));
