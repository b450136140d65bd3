import { ticketShortId, ticketsCsvFileName, TICKETS_SELECTION_CSV } from '@shared/admin-tickets';
import { apiQueryOf, type TicketFilters } from '../ticket-filters';
import { saveBlob } from '@web/lib/save-blob';

/** A failed download; `status` 0 stands for no answer at all. */
export class DownloadError extends Error {
  override name = 'DownloadError';
  constructor(readonly status: number) {
    super(`Download fehlgeschlagen (${status})`);
  }
}

async function download(path: string, init: RequestInit, accept: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: { Accept: accept, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    });
  } catch {
    throw new DownloadError(0);
  }
  if (!response.ok || response.headers.get('Content-Type')?.includes('json')) {
    throw new DownloadError(response.status);
  }
  return response.blob();
}

/** spec admin §7 generate_ticket_pdf: saved as ticket-{first 8 chars of the id}.pdf. */
export async function downloadTicketPdf(ticketId: string): Promise<void> {
  const blob = await download(`/api/tickets/${encodeURIComponent(ticketId)}/pdf`, {}, 'application/pdf');
  saveBlob(blob, `ticket-${ticketShortId(ticketId)}.pdf`);
}

/** The page shown (tickets-page-{n}.csv, spec admin §9), or all matches with pageSize 0. */
export async function exportTicketsCsv(filters: TicketFilters): Promise<void> {
  const blob = await download(`/api/admin/tickets/export.csv?${apiQueryOf(filters)}`, {}, 'text/csv');
  saveBlob(blob, ticketsCsvFileName(filters.pageSize === 0 ? 1 : filters.page));
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
