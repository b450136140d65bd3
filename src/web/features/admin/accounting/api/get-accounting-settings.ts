import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountingSettings } from '@shared/accounting';
import { apiFetch } from '@web/lib/api-client';

export const ACCOUNTING_KEYS = {
  settings: ['admin', 'accounting', 'settings'] as const,
  previews: ['admin', 'accounting', 'preview'] as const,
};

/** GET /api/admin/accounting/settings: the chart and the accounts of the DATEV export. */
export const getAccountingSettings = (signal?: AbortSignal) =>
  apiFetch<{ accounting: AccountingSettings }>('/api/admin/accounting/settings', { signal });

export const accountingSettingsQuery = () =>
  queryOptions({
    queryKey: ACCOUNTING_KEYS.settings,
    queryFn: ({ signal }) => getAccountingSettings(signal),
  });

export const useAccountingSettings = () => useQuery(accountingSettingsQuery());
