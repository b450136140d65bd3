import { ticketShortId, ticketsCsvFileName, TICKETS_SELECTION_CSV } from '@shared/admin-tickets';
import { apiQueryOf, type TicketFilters } from '../ticket-filters';
import { download } from '@web/lib/download';
import { saveBlob } from '@web/lib/save-blob';

/** Saved as ticket-{first 8 chars of the id}.pdf. */
export async function downloadTicketPdf(ticketId: string): Promise<void> {
  const blob = await download(`/api/tickets/${encodeURIComponent(ticketId)}/pdf`, {}, 'application/pdf');
  saveBlob(blob, `ticket-${ticketShortId(ticketId)}.pdf`);
}

/** 'CSV (alle N Tickets)': every ticket the applied filters match, on all pages (docs/decisions/025). */
export const TICKETS_ALL_CSV = 'tickets-alle.csv';

/**
 * The page shown (tickets-page-{n}.csv, docs/product/admin.md#tickets-screen; with 'Alle' that is every
 * match), or with `all` every match of the same filters whatever the page size.
 */
export async function exportTicketsCsv(filters: TicketFilters, { all = false } = {}): Promise<void> {
  const query = apiQueryOf(all ? { ...filters, page: 1, pageSize: 0 } : filters);
  const blob = await download(`/api/admin/tickets/export.csv?${query}`, {}, 'text/csv');
  saveBlob(blob, all ? TICKETS_ALL_CSV : ticketsCsvFileName(filters.pageSize === 0 ? 1 : filters.page));
}

/** 'CSV (Auswahl)': the selected tickets, sent in the body (a URL holds only a few hundred ids). */
export async function exportSelectionCsv(ticketIds: string[]): Promise<void> {
  const blob = await download(
    '/api/admin/tickets/export.csv',
    { method: 'POST', body: JSON.stringify({ ids: ticketIds }) },
    'text/csv',
  );
  saveBlob(blob, TICKETS_SELECTION_CSV);
}
