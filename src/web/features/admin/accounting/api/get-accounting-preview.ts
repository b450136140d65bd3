import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountingPreview, ExportRange } from '@shared/accounting';
import { apiFetch } from '@web/lib/api-client';
import { ACCOUNTING_KEYS } from './get-accounting-settings';

const rangeQuery = (range: ExportRange) => `from=${range.from}&to=${range.to}`;

/** GET /api/admin/accounting/preview: what the export of the range holds, and each account's balance. */
export const getAccountingPreview = (range: ExportRange, signal?: AbortSignal) =>
  apiFetch<AccountingPreview>(`/api/admin/accounting/preview?${rangeQuery(range)}`, { signal });

/** GET /api/admin/accounting/datev.csv: the DATEV Buchungsstapel of the range. */
export const datevCsvUrl = (range: ExportRange) => `/api/admin/accounting/datev.csv?${rangeQuery(range)}`;

/** GET /api/admin/accounting/datev-belege.zip: the range's invoice PDFs with document.xml. */
export const datevZipUrl = (range: ExportRange) =>
  `/api/admin/accounting/datev-belege.zip?${rangeQuery(range)}`;

export const accountingPreviewQuery = (range: ExportRange | null) =>
  queryOptions({
    queryKey: [...ACCOUNTING_KEYS.previews, range?.from, range?.to] as const,
    queryFn: ({ signal }) => getAccountingPreview(range!, signal),
    enabled: range !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** Only a valid range is asked for (null: none). */
export const useAccountingPreview = (range: ExportRange | null) => useQuery(accountingPreviewQuery(range));
