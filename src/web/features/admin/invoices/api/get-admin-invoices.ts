import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminInvoiceRow } from '@shared/invoices';
import { apiFetch } from '@web/lib/api-client';
import type { InvoiceFilters } from '../invoice-filters';

/** Query keys of the admin's invoice list: one list per month and event. */
export const ADMIN_INVOICES_KEYS = {
  all: ['admin', 'invoices'] as const,
  list: (filters: InvoiceFilters) => ['admin', 'invoices', filters.month, filters.eventId] as const,
};

/** The API's query string: `month=YYYY-MM&eventId=…`, each only when set. */
export function invoiceApiQuery(filters: InvoiceFilters): string {
  const params = new URLSearchParams();
  if (filters.month) params.set('month', filters.month);
  if (filters.eventId) params.set('eventId', filters.eventId);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** GET /api/admin/invoices: invoices and cancellation invoices, newest first. */
export const getAdminInvoices = (filters: InvoiceFilters, signal?: AbortSignal) =>
  apiFetch<{ invoices: AdminInvoiceRow[] }>(`/api/admin/invoices${invoiceApiQuery(filters)}`, { signal });

/** GET /api/admin/invoices.csv with the same filters: the file for the accountant. */
export const invoicesCsvUrl = (filters: InvoiceFilters) =>
  `/api/admin/invoices.csv${invoiceApiQuery(filters)}`;

/** GET /api/admin/invoices.zip with the same filters: the PDFs of the chosen month (a month is required). */
export const invoicesZipUrl = (filters: InvoiceFilters) =>
  `/api/admin/invoices.zip${invoiceApiQuery(filters)}`;

export const adminInvoicesQuery = (filters: InvoiceFilters) =>
  queryOptions({
    queryKey: ADMIN_INVOICES_KEYS.list(filters),
    queryFn: ({ signal }) => getAdminInvoices(filters, signal),
    staleTime: 0,
    // another filter keeps the list shown until the new one is there
    placeholderData: keepPreviousData,
  });

export const useAdminInvoices = (filters: InvoiceFilters) => useQuery(adminInvoicesQuery(filters));
