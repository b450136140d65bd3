import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTransferRefund } from '@shared/bank-statements';
import { apiFetch } from '@web/lib/api-client';
import { TRANSFER_KEYS } from './bank-statement-keys';

/** GET /api/admin/transfer-refunds: refunds of transfers still owed (docs/product/bank-transfer.md#refunds). */
export const transferRefundsQuery = () =>
  queryOptions({
    queryKey: TRANSFER_KEYS.refunds,
    queryFn: ({ signal }) =>
      apiFetch<{ refunds: AdminTransferRefund[] }>('/api/admin/transfer-refunds', { signal }),
    staleTime: 0,
  });

export const useTransferRefunds = () => useQuery(transferRefundsQuery());

/** The SEPA credit transfer file (pain.001.001.03) of the owed refunds with an IBAN; the server names it. */
export const PAIN001_URL = '/api/admin/transfer-refunds/pain001';
