import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBankLine } from '@shared/bank-statements';
import { apiFetch } from '@web/lib/api-client';
import { BANK_LINES_KEYS, type BankLinesFilter } from './bank-statement-keys';

/** GET /api/admin/bank-statements/lines?status=open|all (docs/product/bank-transfer.md#matching). */
export const bankLinesQuery = (status: BankLinesFilter) =>
  queryOptions({
    queryKey: BANK_LINES_KEYS.list(status),
    queryFn: ({ signal }) =>
      apiFetch<{ lines: AdminBankLine[] }>(`/api/admin/bank-statements/lines?status=${status}`, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useBankLines = (status: BankLinesFilter) => useQuery(bankLinesQuery(status));
