import { IMAGE_BARCODE_SCALE, fitLogo, renderImage } from './ticket-image-layout';
import { renderBarcodePng } from './ticket-barcode';
import { ticketTexts } from './ticket-document-texts';
import { pdfLogo } from './ticket-logo';
import { renderPdf } from './ticket-pdf-layout';
import type { TicketDocumentData } from './ticket-document-data';

// The ticket as a document (issue 5; docs/product/tickets-and-refunds.md#ticket-documents): a PDF page per
// ticket and the PNG fallback, both with the Code128 barcode
// (docs/product/tickets-and-refunds.md#ticket-barcode).

/** One A4-landscape page for one ticket. */
export function renderTicketPdf(data: TicketDocumentData): Promise<Buffer> {
  return renderTicketsPdf([data]);
}

/** Several tickets, one page each (the confirmation mail); brand and logo of the first ticket. */
export async function renderTicketsPdf(data: TicketDocumentData[]): Promise<Buffer> {
  const first = data[0];
  if (!first) throw new Error('renderTicketsPdf: no tickets');
  const logo = pdfLogo(first.brand.logo);
  const pages = await Promise.all(
    data.map(async (ticket) => {
      const texts = ticketTexts(ticket);
      return { texts, barcodePng: await renderBarcodePng(texts.barcode) };
    }),
  );
  const title =
    data.length === 1
      ? `Ticket ${first.code} – ${first.eventTitle}`
      : `Tickets – ${data.every((ticket) => ticket.eventTitle === first.eventTitle) ? first.eventTitle : first.brand.siteName}`;
  return renderPdf(pages, { title, siteName: first.brand.siteName, logo: await logo });
}

/** The 2480x1169 PNG: the image fallback and preview. */
export async function renderTicketPng(data: TicketDocumentData): Promise<Buffer> {
  const texts = ticketTexts(data);
  const [logo, barcodePng] = await Promise.all([
    fitLogo(data.brand.logo),
    renderBarcodePng(texts.barcode, IMAGE_BARCODE_SCALE),
  ]);
  return renderImage(texts, data.brand.siteName, logo, barcodePng);
}
