import PDFDocument from 'pdfkit';
import { pngSize } from './ticket-barcode';
import { COLORS } from '../documents/document-colors';
import { toWinAnsi } from '../documents/win-ansi';
import type { TicketTexts } from './ticket-document-texts';

// A4 landscape in points; the page is the ticket: white, one thin accent rule, a stub with code and barcode.
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 48;
const TOP = 136;
const STUB_WIDTH = 260;
const STUB_X = PAGE.width - MARGIN - STUB_WIDTH;
const DIVIDER_X = STUB_X - 28;
const COLUMN_WIDTH = DIVIDER_X - 28 - MARGIN;
const FOOTER_Y = PAGE.height - MARGIN - 22;

export interface PdfTicketPage {
  texts: TicketTexts;
  barcodePng: Buffer;
}

export interface PdfTicketOptions {
  title: string;
  siteName: string;
  logo: Buffer | null;
}

/** Renders the pages into one PDF. Standard Helvetica only: no font is embedded, the file stays small. */
export function renderPdf(pages: PdfTicketPage[], options: PdfTicketOptions): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    autoFirstPage: false,
    info: { Title: options.title, Author: options.siteName, Creator: options.siteName },
    lang: 'de-DE',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const logo = openLogo(doc, options.logo);
  for (const page of pages) {
    doc.addPage();
    drawTicket(doc, page, logo, toWinAnsi(options.siteName));
  }
  doc.end();
  return done;
}

/**
 * The logo is opened once per document, so a PDF with several tickets holds it once. pdfkit's image() takes
 * the opened image as well as bytes, but its types only know bytes. Unreadable bytes fall back to the word mark.
 */
type OpenedImage = Buffer;
function openLogo(doc: PDFKit.PDFDocument, logo: Buffer | null): OpenedImage | null {
  if (!logo) return null;
  try {
    return (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(logo);
  } catch {
    return null;
  }
}

function drawTicket(
  doc: PDFKit.PDFDocument,
  page: PdfTicketPage,
  logo: OpenedImage | null,
  siteName: string,
) {
  const t = Object.fromEntries(
    Object.entries(page.texts).map(([key, value]) => [
      key,
      typeof value === 'string' ? toWinAnsi(value) : value,
    ]),
  ) as unknown as TicketTexts;

  // header: logo or word mark, the test marker on the right, then the accent rule
  if (logo) doc.image(logo, MARGIN, 44, { fit: [220, 48] });
  else
    block(doc, siteName, 56, {
      font: 'Helvetica-Bold',
      size: 22,
      lines: 1,
      color: COLORS.accent,
      width: 420,
    });
  if (t.test) testMarker(doc, t.test);
  doc
    .moveTo(MARGIN, 108)
    .lineTo(PAGE.width - MARGIN, 108)
    .lineWidth(1.5)
    .strokeColor(COLORS.accent)
    .stroke();

  // the event and the holder
  let y = TOP;
  y = block(doc, t.title, y, { font: 'Helvetica-Bold', size: 26, lines: 3 }) + (t.category ? 4 : 18);
  if (t.category)
    y = block(doc, t.category, y, { font: 'Helvetica-Bold', size: 15, lines: 1, color: COLORS.accent }) + 14;
  y = block(doc, t.date, y, { font: 'Helvetica-Bold', size: 15, lines: 2 }) + 3;
  y = block(doc, t.time, y, { size: 15, lines: 1 }) + 6;
  // an online ticket's access link: up to three lines, and clickable with the whole address
  const link = page.texts.onlineUrl ?? undefined;
  y = block(doc, t.entry, y, { size: 12, lines: link ? 3 : 1, color: COLORS.accent, link }) + 20;
  y = block(doc, 'Ort', y, { size: 10, lines: 1, color: COLORS.muted }) + 3;
  y = block(doc, t.place, y, { size: 14, lines: 2 }) + 20;
  y = block(doc, t.holderLabel, y, { size: 10, lines: 1, color: COLORS.muted }) + 3;
  y = block(doc, t.holder, y, { font: 'Helvetica-Bold', size: 20, lines: 2 }) + 4;
  block(doc, t.perTicket, y, { size: 12, lines: 1, color: COLORS.muted });

  // the stub, behind a dashed "perforation": code, ticket number, barcode on white with its quiet zone
  doc
    .moveTo(DIVIDER_X, TOP)
    .lineTo(DIVIDER_X, FOOTER_Y - 24)
    .lineWidth(0.75)
    .dash(3, { space: 4 })
    .strokeColor(COLORS.rule)
    .stroke()
    .undash();
  const stub = { x: STUB_X, width: STUB_WIDTH, align: 'center' } as const;
  block(doc, t.code, TOP - 4, { ...stub, font: 'Helvetica-Bold', size: 34, lines: 1, color: COLORS.accent });
  block(doc, t.ticketNumber, TOP + 40, { ...stub, size: 10, lines: 1, color: COLORS.muted });
  block(doc, t.orderNumber, TOP + 54, { ...stub, size: 10, lines: 1, color: COLORS.muted });
  const barcode = pngSize(page.barcodePng);
  const barcodeHeight = (STUB_WIDTH * barcode.height) / barcode.width;
  doc.image(page.barcodePng, STUB_X, TOP + 76, { width: STUB_WIDTH, height: barcodeHeight });

  // footer
  doc
    .moveTo(MARGIN, FOOTER_Y)
    .lineTo(PAGE.width - MARGIN, FOOTER_Y)
    .lineWidth(0.75)
    .strokeColor(COLORS.rule)
    .stroke();
  block(doc, siteName, FOOTER_Y + 10, { size: 9, lines: 1, color: COLORS.muted, width: 400 });

  if (t.cancelled) cancelledStamp(doc, t.cancelled);
}

interface BlockStyle {
  font?: 'Helvetica' | 'Helvetica-Bold';
  size: number;
  /** At most this many lines; longer text is cut with an ellipsis. */
  lines: number;
  color?: string;
  /** Default: the left column. */
  x?: number;
  width?: number;
  align?: 'left' | 'center';
  /** Makes the text a link to this address (underlined). */
  link?: string;
}

/** A wrapped text of at most `lines` lines; returns the y below it. */
function block(doc: PDFKit.PDFDocument, text: string, y: number, style: BlockStyle): number {
  doc
    .font(style.font ?? 'Helvetica')
    .fontSize(style.size)
    .fillColor(style.color ?? COLORS.ink);
  const lineGap = Math.round(style.size * 0.15);
  const options = { width: style.width ?? COLUMN_WIDTH, lineGap, align: style.align ?? 'left' };
  const maxHeight = style.lines * (doc.currentLineHeight(true) + lineGap);
  const height = Math.min(doc.heightOfString(text, options), maxHeight);
  const link = style.link ? { link: style.link, underline: true } : {};
  doc.text(text, style.x ?? MARGIN, y, { ...options, ...link, height: maxHeight, ellipsis: true });
  return y + height;
}

function testMarker(doc: PDFKit.PDFDocument, text: string) {
  doc.font('Helvetica-Bold').fontSize(12);
  const width = doc.widthOfString(text) + 28;
  const x = PAGE.width - MARGIN - width;
  doc.roundedRect(x, 52, width, 30, 4).lineWidth(1.5).strokeColor(COLORS.alert).stroke();
  doc.fillColor(COLORS.alert).text(text, x, 61, { width, align: 'center', lineBreak: false });
}

function cancelledStamp(doc: PDFKit.PDFDocument, cancelled: { stamp: string; note: string }) {
  const center: [number, number] = [PAGE.width / 2, PAGE.height / 2];
  doc.save().rotate(-18, { origin: center });
  doc.font('Helvetica-Bold').fontSize(112).fillColor(COLORS.alert).fillOpacity(0.2);
  doc.text(cancelled.stamp, 0, center[1] - 70, { width: PAGE.width, align: 'center', lineBreak: false });
  doc.fontSize(18).fillOpacity(0.9);
  doc.text(cancelled.note, 0, center[1] + 50, { width: PAGE.width, align: 'center', lineBreak: false });
  doc.restore();
}
