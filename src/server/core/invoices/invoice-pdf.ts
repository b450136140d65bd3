import PDFDocument from 'pdfkit';
import type { InvoiceDocument, InvoiceLine } from '@shared/invoices';
import { paymentMethodName } from '@shared/payment-methods';
import { COLORS } from '../documents/document-colors';
import { toWinAnsi } from '../documents/win-ansi';
import { attachEInvoice } from './e-invoice';

const PLURAL: Record<InvoiceLine['unit'], string> = { Ticket: 'Tickets', Paar: 'Paare' };

// The invoice as a German business letter on A4 portrait (docs/product/invoices.md#invoice-pdf): seller top
// right, buyer in the address window, the facts beside it, the lines, the totals, the tax note, every field
// § 14 UStG asks for (also on a Kleinbetragsrechnung, which could leave some out).
const PAGE = { width: 595.28, height: 841.89 };
const MM = 72 / 25.4;
const LEFT = 25 * MM;
const RIGHT = PAGE.width - 20 * MM;
const CONTENT_WIDTH = RIGHT - LEFT;
const TOP = 20 * MM;
const ADDRESS_Y = 45 * MM;
const FACTS_X = 125 * MM;
const FACTS_LABEL_WIDTH = 33 * MM;
const TITLE_Y = 98 * MM;
const FOOTER_Y = PAGE.height - 18 * MM;
const CONTENT_BOTTOM = FOOTER_Y - 16;

// the table's columns, left to right; amounts right aligned
const COLUMNS = (() => {
  const pos = 28;
  const quantity = 70;
  const price = 82;
  const amount = 82;
  const description = CONTENT_WIDTH - pos - quantity - price - amount;
  let x = LEFT;
  const at = (width: number) => {
    const column = { x, width };
    x += width;
    return column;
  };
  return {
    pos: at(pos),
    description: at(description),
    quantity: at(quantity),
    price: at(price),
    amount: at(amount),
  };
})();
const CELL_PADDING = 6;

export interface InvoicePdfOptions {
  siteName: string;
}

/**
 * Renders an issued invoice or cancellation invoice. Standard Helvetica only (WinAnsi covers umlauts and '€').
 * The same document gives the same bytes: the info dates come from the issue date, and pdfkit derives the
 * file /ID from the info dictionary, so nothing depends on the clock.
 */
export async function renderInvoicePdf(doc: InvoiceDocument, options: InvoicePdfOptions): Promise<Buffer> {
  const issued = new Date(`${doc.issueDate}T12:00:00Z`);
  const title = doc.kind === 'cancellation' ? 'Rechnungskorrektur (Storno)' : 'Rechnung';
  const pdf = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    info: {
      Title: toWinAnsi(`${title} ${doc.number}`),
      Author: toWinAnsi(doc.seller.name || options.siteName),
      Creator: toWinAnsi(options.siteName),
      CreationDate: issued,
      ModDate: issued,
    },
    lang: 'de-DE',
    displayTitle: true,
    // the e-invoice's PDF/A-3 metadata names PDF 1.7
    ...(doc.buyer.address?.eInvoice ? { pdfVersion: '1.7' as const } : {}),
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const money = moneyFormat(doc.currency);

  pdf.addPage();
  drawSeller(pdf, doc);
  drawAddress(pdf, doc);
  drawFacts(pdf, doc);
  let y = text(pdf, title, LEFT, TITLE_Y, { font: 'Helvetica-Bold', size: 18, width: CONTENT_WIDTH }) + 4;
  if (doc.corrects) {
    const corrects = `Korrigiert Rechnung ${doc.corrects.number} vom ${germanDate(doc.corrects.issueDate)}`;
    y = text(pdf, corrects, LEFT, y, { size: 10, width: CONTENT_WIDTH }) + 4;
  }
  // the buyer's VAT id when given (docs/product/invoices.md#billing-address); § 14a UStG asks for it where
  // the buyer owes the tax
  const buyerVatId = doc.buyer.address?.vatId;
  if (buyerVatId) {
    const line = `USt-IdNr. des Leistungsempfängers: ${buyerVatId}`;
    y = text(pdf, line, LEFT, y, { size: 10, width: CONTENT_WIDTH }) + 4;
  }
  y = drawTable(pdf, doc, y + 16, money);
  y = drawTotals(pdf, doc, y + 10, money);
  const paid = paidWithText(doc);
  if (paid) {
    y = ensureRoom(pdf, y + 14, 16);
    y = text(pdf, paid, LEFT, y, { size: 10, width: CONTENT_WIDTH });
  }
  if (doc.taxNote) {
    y = ensureRoom(pdf, y + 14, 30);
    text(pdf, doc.taxNote, LEFT, y, { size: 10, width: CONTENT_WIDTH });
  }
  drawFooters(pdf, doc, options.siteName);
  pdf.end();
  const rendered = await done;
  // a business buyer's EN 16931 data (docs/product/invoices.md#e-invoice), dated like the PDF
  if (doc.buyer.address?.eInvoice)
    return attachEInvoice(rendered, doc, { issued, title: `${title} ${doc.number}` });
  return rendered;
}

/**
 * How it was paid (docs/product/payments.md#method-names): 'Zahlungsart: PayPal. Der Betrag ist bezahlt.'; a
 * cancellation invoice names the payment the refund goes back to. Nothing when the method is unknown.
 */
export function paidWithText(doc: InvoiceDocument): string {
  const name = doc.payment ? paymentMethodName(doc.payment.method, doc.payment.provider) : '';
  if (!name) return '';
  const state = doc.kind === 'cancellation' ? 'Der Betrag wird erstattet.' : 'Der Betrag ist bezahlt.';
  return `Zahlungsart: ${name}. ${state}`;
}

function drawSeller(pdf: PDFKit.PDFDocument, doc: InvoiceDocument) {
  const { seller } = doc;
  const width = 75 * MM;
  const x = RIGHT - width;
  let y = TOP;
  y = text(pdf, seller.name, x, y, { font: 'Helvetica-Bold', size: 11, width, align: 'right' }) + 2;
  for (const line of [seller.street, `${seller.postalCode} ${seller.city}`.trim(), seller.email]) {
    if (line) y = text(pdf, line, x, y, { size: 9, width, align: 'right', color: COLORS.muted }) + 1;
  }
}

function drawAddress(pdf: PDFKit.PDFDocument, doc: InvoiceDocument) {
  const width = 80 * MM;
  // the seller's return line above the address (DIN 5008), small and underlined
  const sender = [doc.seller.name, doc.seller.street, `${doc.seller.postalCode} ${doc.seller.city}`.trim()]
    .filter(Boolean)
    .join(' · ');
  let y = text(pdf, sender, LEFT, ADDRESS_Y, { size: 7, width, color: COLORS.muted, lines: 1 });
  pdf
    .moveTo(LEFT, y + 1)
    .lineTo(LEFT + width, y + 1)
    .lineWidth(0.5)
    .strokeColor(COLORS.rule)
    .stroke();
  y += 10;
  const address = doc.buyer.address;
  if (!address) {
    y = text(pdf, doc.buyer.name, LEFT, y, { size: 11, width, lines: 2 }) + 2;
    if (doc.buyer.email) text(pdf, doc.buyer.email, LEFT, y, { size: 10, width, lines: 1 });
    return;
  }
  // the billing address as given in checkout (docs/product/invoices.md#billing-address); the country only
  // when it is not Germany, in German
  const lines = [
    address.company,
    address.name || doc.buyer.name,
    address.street,
    `${address.postalCode} ${address.city}`.trim(),
    address.country && address.country !== 'DE' ? countryName(address.country) : '',
  ].filter(Boolean);
  for (const line of lines) y = text(pdf, line, LEFT, y, { size: 11, width, lines: 1 }) + 1;
  if (doc.buyer.email)
    text(pdf, doc.buyer.email, LEFT, y + 3, { size: 9, width, color: COLORS.muted, lines: 1 });
}

const regionNames = new Intl.DisplayNames('de', { type: 'region' });

/** 'AT' as 'Österreich'; a code ICU does not know stays as it is. */
function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

function drawFacts(pdf: PDFKit.PDFDocument, doc: InvoiceDocument) {
  const facts: [string, string][] = [
    ['Rechnungsnummer', doc.number],
    ['Rechnungsdatum', germanDate(doc.issueDate)],
    ['Leistungsdatum', doc.serviceDate],
    ['Bestellnummer', doc.orderNumber],
  ];
  // the seller's tax identity, which § 14 UStG asks for on every invoice
  if (doc.seller.vatId) facts.push(['USt-IdNr.:', doc.seller.vatId]);
  else if (doc.seller.taxNumber) facts.push(['Steuernummer:', doc.seller.taxNumber]);
  const valueX = FACTS_X + FACTS_LABEL_WIDTH;
  const valueWidth = RIGHT - valueX;
  let y = ADDRESS_Y;
  for (const [label, value] of facts) {
    text(pdf, label, FACTS_X, y, { size: 9, width: FACTS_LABEL_WIDTH - 4, color: COLORS.muted, lines: 1 });
    y = text(pdf, value, valueX, y, { size: 9, width: valueWidth, lines: 2 }) + 3;
  }
}

type Money = (cents: number) => string;

function drawTable(pdf: PDFKit.PDFDocument, doc: InvoiceDocument, top: number, money: Money): number {
  let y = drawTableHeader(pdf, top);
  doc.lines.forEach((line, index) => {
    const cells = lineCells(line, index, money, doc.taxRatePercent);
    const height = rowHeight(pdf, cells.description, cells.detail);
    if (y + height > CONTENT_BOTTOM) {
      pdf.addPage();
      y = drawTableHeader(pdf, TOP);
    }
    drawRow(pdf, cells, y, 'Helvetica');
    y += height;
    rule(pdf, y, COLORS.rule, 0.5);
  });
  return y;
}

interface RowCells {
  pos: string;
  description: string;
  /** the line's net and tax, small below the description */
  detail?: string;
  quantity: string;
  price: string;
  amount: string;
}

/**
 * A line's cells. A discount line shows only its (negative) amount; with a tax rate each line names its net
 * and tax below the description (docs/product/ticket-categories.md#invoice-lines), the shares of the document's
 * totals that add up to them.
 */
function lineCells(line: InvoiceLine, index: number, money: Money, taxRatePercent: number): RowCells {
  const discount = line.kind === 'discount';
  const detail =
    taxRatePercent > 0 && line.netCents !== undefined && line.taxCents !== undefined
      ? `netto ${money(line.netCents)} · USt ${taxRatePercent} % ${money(line.taxCents)}`
      : undefined;
  return {
    pos: String(index + 1),
    description: line.description,
    ...(detail ? { detail } : {}),
    quantity: discount ? '' : `${line.quantity} ${line.quantity === 1 ? line.unit : PLURAL[line.unit]}`,
    price: discount ? '' : money(line.unitPriceCents),
    amount: money(line.grossCents),
  };
}

function drawTableHeader(pdf: PDFKit.PDFDocument, y: number): number {
  const header = {
    pos: 'Pos.',
    description: 'Beschreibung',
    quantity: 'Menge',
    price: 'Einzelpreis',
    amount: 'Betrag',
  };
  drawRow(pdf, header, y, 'Helvetica-Bold');
  const bottom = y + rowHeight(pdf, header.description);
  rule(pdf, bottom, COLORS.ink, 0.75);
  return bottom;
}

const TABLE_SIZE = 9.5;
const DETAIL_SIZE = 8;

function rowHeight(pdf: PDFKit.PDFDocument, description: string, detail?: string): number {
  pdf.font('Helvetica').fontSize(TABLE_SIZE);
  const width = COLUMNS.description.width - CELL_PADDING;
  const main = pdf.heightOfString(toWinAnsi(description), { width });
  if (!detail) return main + 2 * CELL_PADDING;
  pdf.fontSize(DETAIL_SIZE);
  return main + 2 + pdf.heightOfString(toWinAnsi(detail), { width }) + 2 * CELL_PADDING;
}

function drawRow(pdf: PDFKit.PDFDocument, cells: RowCells, y: number, font: 'Helvetica' | 'Helvetica-Bold') {
  const top = y + CELL_PADDING;
  const style = { font, size: TABLE_SIZE };
  const { pos, description, quantity, price, amount } = COLUMNS;
  text(pdf, cells.pos, pos.x, top, { ...style, width: pos.width - CELL_PADDING, lines: 1 });
  const below = text(pdf, cells.description, description.x, top, {
    ...style,
    width: description.width - CELL_PADDING,
  });
  if (cells.detail) {
    const detailStyle = { size: DETAIL_SIZE, color: COLORS.muted, width: description.width - CELL_PADDING };
    text(pdf, cells.detail, description.x, below + 2, detailStyle);
  }
  for (const [key, column] of [
    ['quantity', quantity],
    ['price', price],
    ['amount', amount],
  ] as const) {
    text(pdf, cells[key], column.x, top, { ...style, width: column.width, align: 'right', lines: 1 });
  }
}

function drawTotals(pdf: PDFKit.PDFDocument, doc: InvoiceDocument, top: number, money: Money): number {
  const rows: [string, string][] = [['Nettobetrag', money(doc.netCents)]];
  if (doc.taxRatePercent > 0) rows.push([`Umsatzsteuer ${doc.taxRatePercent} %`, money(doc.taxCents)]);
  let y = ensureRoom(pdf, top, (rows.length + 1) * 16 + 10);
  const labelX = COLUMNS.quantity.x;
  const labelWidth = COLUMNS.quantity.width + COLUMNS.price.width;
  const amount = COLUMNS.amount;
  for (const [label, value] of rows) {
    text(pdf, label, labelX, y, { size: 10, width: labelWidth, lines: 1 });
    y = text(pdf, value, amount.x, y, { size: 10, width: amount.width, align: 'right', lines: 1 }) + 5;
  }
  pdf.moveTo(labelX, y).lineTo(RIGHT, y).lineWidth(0.75).strokeColor(COLORS.ink).stroke();
  y += 5;
  const bold = { font: 'Helvetica-Bold', size: 11, lines: 1 } as const;
  text(pdf, 'Gesamtbetrag', labelX, y, { ...bold, width: labelWidth });
  return text(pdf, money(doc.grossCents), amount.x, y, { ...bold, width: amount.width, align: 'right' });
}

/** Footer on every page: site name and seller e-mail; with more than one page also the number and page count. */
function drawFooters(pdf: PDFKit.PDFDocument, doc: InvoiceDocument, siteName: string) {
  const range = pdf.bufferedPageRange();
  const footer = [siteName, doc.seller.email].filter(Boolean).join(' · ');
  for (let index = range.start; index < range.start + range.count; index++) {
    pdf.switchToPage(index);
    rule(pdf, FOOTER_Y, COLORS.rule, 0.75);
    const style = { size: 8, color: COLORS.muted, lines: 1 } as const;
    text(pdf, footer, LEFT, FOOTER_Y + 6, { ...style, width: CONTENT_WIDTH * 0.7 });
    if (range.count > 1) {
      const page = `${doc.number} · Seite ${index - range.start + 1} von ${range.count}`;
      text(pdf, page, LEFT, FOOTER_Y + 6, { ...style, width: CONTENT_WIDTH, align: 'right' });
    }
  }
}

/** A new page when `height` does not fit below `y`; returns where to go on. */
function ensureRoom(pdf: PDFKit.PDFDocument, y: number, height: number): number {
  if (y + height <= CONTENT_BOTTOM) return y;
  pdf.addPage();
  return TOP;
}

function rule(pdf: PDFKit.PDFDocument, y: number, color: string, width: number) {
  pdf.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(color).stroke();
}

interface TextStyle {
  font?: 'Helvetica' | 'Helvetica-Bold';
  size: number;
  width: number;
  color?: string;
  align?: 'left' | 'right';
  /** At most this many lines; longer text is cut with an ellipsis. Default: as many as it takes. */
  lines?: number;
}

/** Text in WinAnsi (what the standard fonts can print), wrapped to `width`; returns the y below it. */
function text(pdf: PDFKit.PDFDocument, value: string, x: number, y: number, style: TextStyle): number {
  const printable = toWinAnsi(value);
  pdf
    .font(style.font ?? 'Helvetica')
    .fontSize(style.size)
    .fillColor(style.color ?? COLORS.ink);
  const options = { width: style.width, align: style.align ?? 'left' };
  let height = pdf.heightOfString(printable, options);
  if (style.lines) {
    const maxHeight = style.lines * pdf.currentLineHeight(true);
    height = Math.min(height, maxHeight);
    pdf.text(printable, x, y, { ...options, height: maxHeight, ellipsis: true });
  } else pdf.text(printable, x, y, options);
  return y + height;
}

function moneyFormat(currency: string): Money {
  const format = new Intl.NumberFormat('de-DE', { style: 'currency', currency });
  // a plain space before the symbol instead of ICU's no-break space, so that copying and searching the PDF
  // finds '119,00 €' as typed
  return (cents) => format.format(cents / 100).replace(/[\u00a0\u202f]/g, ' ');
}

/** 'YYYY-MM-DD' as 'DD.MM.YYYY', without going through a time zone. */
function germanDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}.${month}.${year}`;
}
