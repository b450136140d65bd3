import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { pngSize } from './ticket-barcode';
import { COLORS } from '../documents/document-colors';
import { toWinAnsi } from '../documents/win-ansi';
import type { TicketTexts } from './ticket-document-texts';

// The ticket image: canvas 2480x1169 (docs/product/tickets-and-refunds.md#ticket-documents). Same parts as
// the PDF page, laid out for the wide canvas.
export const IMAGE = { width: 2480, height: 1169 };
/** Pixels per barcode module on the image: the 12-character content stays under the stub's 940 px. */
export const IMAGE_BARCODE_SCALE = 5;
const MARGIN = 130;
const HEADER = { top: 90, logoWidth: 620, logoHeight: 140 };
const RULE_Y = 270;
const TOP = 350;
const STUB_WIDTH = 940;
const STUB_X = IMAGE.width - MARGIN - STUB_WIDTH;
const DIVIDER_X = STUB_X - 80;
const COLUMN_WIDTH = DIVIDER_X - 70 - MARGIN;
const FOOTER_Y = IMAGE.height - 100;
const FONT = `Helvetica, 'Nimbus Sans', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif`;

export interface ImageLogo {
  png: Buffer;
  width: number;
  height: number;
}

/** The logo scaled into the header box; null (→ word mark) when there is none or sharp cannot read it. */
export async function fitLogo(logo: Buffer | null): Promise<ImageLogo | null> {
  if (!logo) return null;
  try {
    const { data, info } = await sharp(logo)
      .resize({
        width: HEADER.logoWidth,
        height: HEADER.logoHeight,
        fit: 'inside',
        withoutEnlargement: false,
      })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

export async function renderImage(
  texts: TicketTexts,
  siteName: string,
  logo: ImageLogo | null,
  barcodePng: Buffer,
): Promise<Buffer> {
  const barcode = pngSize(barcodePng);
  const layers: sharp.OverlayOptions[] = [
    { input: barcodePng, left: Math.round(STUB_X + (STUB_WIDTH - barcode.width) / 2), top: TOP + 215 },
  ];
  if (logo) {
    const top = HEADER.top + Math.round((HEADER.logoHeight - logo.height) / 2);
    layers.push({ input: logo.png, left: MARGIN, top });
  }
  // the stamp goes over everything, the barcode included
  if (texts.cancelled) layers.push({ input: Buffer.from(cancelledSvg(texts.cancelled)), left: 0, top: 0 });
  return sharp(Buffer.from(ticketSvg(texts, siteName, logo === null)))
    .composite(layers)
    .png()
    .toBuffer();
}

/** The ticket's texts and lines as SVG (barcode and logo are composited onto it). Every text is escaped. */
export function ticketSvg(t: TicketTexts, siteName: string, wordMark: boolean): string {
  const parts: string[] = [`<rect width="100%" height="100%" fill="#ffffff"/>`];
  const add = (block: TextBlock) => {
    parts.push(block.svg);
    return block.bottom;
  };
  if (wordMark) {
    add(
      lines(siteName, MARGIN, HEADER.top + 36, { bold: true, size: 64, color: COLORS.accent, width: 1200 }),
    );
  }
  if (t.test) parts.push(testMarker(t.test));
  parts.push(rule(MARGIN, RULE_Y, IMAGE.width - MARGIN, RULE_Y, COLORS.accent, 4));

  let y = TOP;
  const column = (text: string, style: Omit<TextStyle, 'width'>, gap: number) => {
    y = add(lines(text, MARGIN, y, { ...style, width: COLUMN_WIDTH })) + gap;
  };
  column(t.title, { bold: true, size: 66, maxLines: 2 }, t.category ? 8 : 36);
  if (t.category) column(t.category, { bold: true, size: 36, color: COLORS.accent, maxLines: 1 }, 24);
  column(t.date, { bold: true, size: 40, maxLines: 2 }, 6);
  column(t.time, { size: 40 }, 14);
  column(t.entry, { size: 32, color: COLORS.accent, maxLines: t.onlineUrl ? 2 : 1 }, 40);
  column('Ort', { size: 26, color: COLORS.muted }, 6);
  column(t.place, { size: 36, maxLines: 2 }, 40);
  column(t.holderLabel, { size: 26, color: COLORS.muted }, 6);
  column(t.holder, { bold: true, size: 50, maxLines: 2 }, 8);
  column(t.perTicket, { size: 30, color: COLORS.muted }, 0);

  // the stub behind a dashed "perforation"; the barcode is composited below the ticket number
  parts.push(
    `<line x1="${DIVIDER_X}" y1="${TOP}" x2="${DIVIDER_X}" y2="${FOOTER_Y - 60}" stroke="${COLORS.rule}" stroke-width="2" stroke-dasharray="8 11"/>`,
  );
  const stub = { width: STUB_WIDTH, center: true };
  add(lines(t.code, STUB_X, TOP - 10, { ...stub, bold: true, size: 100, color: COLORS.accent }));
  add(lines(t.ticketNumber, STUB_X, TOP + 125, { ...stub, size: 30, color: COLORS.muted }));
  add(lines(t.orderNumber, STUB_X, TOP + 165, { ...stub, size: 30, color: COLORS.muted }));

  parts.push(rule(MARGIN, FOOTER_Y, IMAGE.width - MARGIN, FOOTER_Y, COLORS.rule, 2));
  add(lines(siteName, MARGIN, FOOTER_Y + 24, { size: 26, color: COLORS.muted, width: 1200 }));
  return svgDocument(parts.join(''));
}

function cancelledSvg(cancelled: NonNullable<TicketTexts['cancelled']>): string {
  const cx = IMAGE.width / 2;
  const cy = IMAGE.height / 2;
  return svgDocument(
    `<g transform="rotate(-18 ${cx} ${cy})" font-family="${FONT}" font-weight="700" text-anchor="middle" fill="${COLORS.alert}">` +
      `<text x="${cx}" y="${cy + 90}" font-size="320" fill-opacity="0.2">${escapeXml(cancelled.stamp)}</text>` +
      `<text x="${cx}" y="${cy + 200}" font-size="52" fill-opacity="0.9">${escapeXml(cancelled.note)}</text></g>`,
  );
}

function testMarker(text: string): string {
  const size = 38;
  const width = Math.ceil(measure(text, true, size) * 1.06) + 80;
  const x = IMAGE.width - MARGIN - width;
  const y = HEADER.top + 20;
  return (
    `<rect x="${x}" y="${y}" width="${width}" height="92" rx="12" fill="none" stroke="${COLORS.alert}" stroke-width="4"/>` +
    `<text x="${x + width / 2}" y="${y + 60}" font-family="${FONT}" font-weight="700" font-size="${size}" text-anchor="middle" fill="${COLORS.alert}">${escapeXml(text)}</text>`
  );
}

const rule = (x1: number, y1: number, x2: number, y2: number, color: string, width: number) =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${color}" stroke-width="${width}"/>`;

const svgDocument = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE.width}" height="${IMAGE.height}" viewBox="0 0 ${IMAGE.width} ${IMAGE.height}">${body}</svg>`;

// ---------------------------------------------------------------------------------------------- text

interface TextStyle {
  size: number;
  width: number;
  bold?: boolean;
  color?: string;
  maxLines?: number;
  center?: boolean;
}

interface TextBlock {
  svg: string;
  bottom: number;
}

const LINE_HEIGHT = 1.2;

/** A text wrapped to the width (at most maxLines, default 1, the last cut with '…'), top at y. */
function lines(text: string, x: number, y: number, style: TextStyle): TextBlock {
  const wrapped = wrap(text, style);
  const lineHeight = style.size * LINE_HEIGHT;
  const anchorX = style.center ? x + style.width / 2 : x;
  const tspans = wrapped
    .map(
      (line, index) =>
        `<tspan x="${anchorX}" y="${(y + style.size * 0.95 + index * lineHeight).toFixed(1)}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  const svg =
    `<text font-family="${FONT}" font-size="${style.size}" font-weight="${style.bold ? 700 : 400}" fill="${style.color ?? COLORS.ink}"` +
    `${style.center ? ' text-anchor="middle"' : ''}>${tspans}</text>`;
  return { svg, bottom: y + wrapped.length * lineHeight };
}

/**
 * Greedy word wrap measured with Helvetica's metrics (pdfkit's AFM data; Nimbus Sans, which fontconfig
 * serves for Helvetica, has the same widths). 6 % slack covers a wider fallback font.
 */
function wrap(text: string, style: TextStyle): string[] {
  const max = style.width * 0.94;
  const fits = (line: string) => measure(line, style.bold, style.size) <= max;
  const maxLines = style.maxLines ?? 1;
  const result: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate) || !line) line = candidate;
    else {
      result.push(line);
      line = word;
    }
  }
  result.push(line);
  if (result.length > maxLines) {
    const kept = result.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]} ${result.slice(maxLines).join(' ')}`;
    result.splice(0, result.length, ...kept);
  }
  return result.map((entry) => (fits(entry) ? entry : cut(entry, fits)));
}

function cut(line: string, fits: (line: string) => boolean): string {
  let end = line.length;
  while (end > 0 && !fits(`${line.slice(0, end).trimEnd()}…`)) end -= 1;
  return `${line.slice(0, end).trimEnd()}…`;
}

let metrics: PDFKit.PDFDocument | null = null;
/** Width in px of a text in Helvetica at a size; a page-less pdfkit document serves the metrics. */
function measure(text: string, bold: boolean | undefined, size: number): number {
  metrics ??= new PDFDocument({ autoFirstPage: false });
  return metrics
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(size)
    .widthOfString(toWinAnsi(text));
}

// eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text for SVG: XML-escaped, without the control characters XML forbids. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_IN_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
