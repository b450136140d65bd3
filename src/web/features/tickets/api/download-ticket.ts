import { ticketImageFileName, ticketPdfFileName, type MyTicket } from '@shared/tickets';
import { saveBlob } from '@web/lib/save-blob';

type FileAnswer = { ok: true; blob: Blob } | { ok: false; notFound: boolean };

/** A file download; our JSON errors (and 'Ticket not found' of older PDF services) count as failures. */
async function fetchFile(path: string, accept: string): Promise<FileAnswer> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', headers: { Accept: accept } });
  } catch {
    return { ok: false, notFound: false };
  }
  const isJson = response.headers.get('Content-Type')?.includes('json') ?? false;
  if (response.ok && !isJson) return { ok: true, blob: await response.blob() };
  const text = await response.text().catch(() => '');
  return { ok: false, notFound: response.status === 404 || /ticket not found/i.test(text) };
}

/**
 * The PDF as ticket-{code}.pdf (docs/product/tickets-and-refunds.md#ticket-barcode); when it answers 404 or
 * 'Ticket not found', the preview image as ticket-{id}.png. Throws when neither can be had (toast 'PDF
 * fehlgeschlagen'). Returns the name of the downloaded file.
 */
export async function downloadTicket(ticket: Pick<MyTicket, 'id' | 'code'>): Promise<string> {
  const id = encodeURIComponent(ticket.id);
  const pdf = await fetchFile(`/api/tickets/${id}/pdf`, 'application/pdf');
  if (pdf.ok) {
    const name = ticketPdfFileName(ticket.code);
    saveBlob(pdf.blob, name);
    return name;
  }
  if (pdf.notFound) {
    const image = await fetchFile(`/api/tickets/${id}/image`, 'image/png');
    if (image.ok) {
      const name = ticketImageFileName(ticket.id);
      saveBlob(image.blob, name);
      return name;
    }
  }
  throw new Error('Ticket-Download fehlgeschlagen');
}
