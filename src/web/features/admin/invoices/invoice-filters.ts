/**
 * The filters of 'Rechnungen', kept in the URL (`?month=2026-03&event=<id>`), so a link or a reload shows the
 * same invoices. Empty means all.
 */
export interface InvoiceFilters {
  /** 'YYYY-MM' or '' */
  month: string;
  /** an event's id or '' */
  eventId: string;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const isMonth = (value: string) => MONTH.test(value);

export function invoiceFiltersFromParams(params: URLSearchParams): InvoiceFilters {
  const month = params.get('month') ?? '';
  return { month: isMonth(month) ? month : '', eventId: params.get('event')?.trim() ?? '' };
}

/** Only what is set, so a plain /admin/rechnungen stays plain. */
export function paramsFromInvoiceFilters(filters: InvoiceFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.month) params.set('month', filters.month);
  if (filters.eventId) params.set('event', filters.eventId);
  return params;
}
