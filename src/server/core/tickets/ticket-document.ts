import { IMAGE_BARCODE_SCALE, fitLogo, renderImage } from './ticket-image-layout';
import { renderBarcodePng } from './ticket-barcode';
import { ticketTexts } from './ticket-document-texts';
import { pdfLogo } from './ticket-logo';
import { renderPdf } from './ticket-pdf-layout';

// The ticket as a document (issue 5; spec visitor §7 generate_ticket_pdf, §9 'Ticket image'; DESIGN §2
// 'Documents'): a PDF page per ticket and the PNG fallback, both with the Code128 barcode of spec §9.

export interface TicketDocumentData {
  ticketId: string;
  ticketNumber: string;
  /** The booking's order number, 'WR-7K3Q9F' (docs/decisions/020-order-numbers.md). */
  orderNumber: string;
  /** last 4 chars */
  code: string;
  holderName: string;
  eventTitle: string;
  startTime: Date;
  endTime: Date | null;
  /** IANA, e.g. Europe/Berlin */
  timezone: string;
  location: string;
  /** 'online' events print 'Online' instead of a place */
  mode: 'online' | 'presence';
  /**
   * The access link, printed instead of the entry time; only for an active ticket (deliveredOnlineUrl,
   * docs/decisions/019-online-links.md), else null.
   */
  onlineUrl: string | null;
  priceUnit: 'per_person' | 'per_pair';
  isTest: boolean;
  status: 'active' | 'canceled' | 'revoked';
  brand: {
    siteName: string;
    /** PNG or JPEG bytes, already rasterised by the caller; null → print siteName as a word mark */
    logo: Buffer | null;
  };
}

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

/** The 2480x1169 PNG of spec visitor §9: the image fallback and preview. */
export async function renderTicketPng(data: TicketDocumentData): Promise<Buffer> {
  const texts = ticketTexts(data);
  const [logo, barcodePng] = await Promise.all([
    fitLogo(data.brand.logo),
    renderBarcodePng(texts.barcode, IMAGE_BARCODE_SCALE),
  ]);
  return renderImage(texts, data.brand.siteName, logo, barcodePng);
}
