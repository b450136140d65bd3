import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { amountText, type CertificateDocument } from '@shared/certificates';
import { COLORS } from '../documents/document-colors';
import { toWinAnsi } from '../documents/win-ansi';

// The certificate as one A4 portrait page (docs/product/certificates.md#document): issuer on top, the
// confirmation in the middle, content and topics, the signature, and at the foot the QR code to the public
// check page with the code written out, so it can be typed as well as scanned.
const PAGE = { width: 595.28, height: 841.89 };
const MM = 72 / 25.4;
const LEFT = 25 * MM;
const RIGHT = PAGE.width - 20 * MM;
const WIDTH = RIGHT - LEFT;
const TOP = 22 * MM;
const FOOT_Y = PAGE.height - 20 * MM;
const QR_SIZE = 30 * MM;
const SIGNATURE_BOX = { width: 60 * MM, height: 20 * MM };

export interface CertificatePdfInput {
  document: CertificateDocument;
  code: string;
  /** Absolute URL of the check page, the QR code's content. */
  checkUrl: string;
  /** PNG or JPEG bytes of the signature, or null. */
  signature: Buffer | null;
  siteName: string;
}

/**
 * Renders a certificate. Standard Helvetica (WinAnsi covers umlauts); the info dates come from the issue day,
 * so the same certificate gives the same bytes (they are kept after the first download anyway).
 */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const { document: doc } = input;
  const [day, month, year] = doc.issuedOn.split('.');
  const issued = new Date(`${year}-${month}-${day}T12:00:00Z`);
  const pdf = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margin: 0,
    autoFirstPage: false,
    info: {
      Title: toWinAnsi(`Teilnahmebescheinigung – ${doc.eventTitle}`),
      Author: toWinAnsi(doc.organizer.name || input.siteName),
      Creator: toWinAnsi(input.siteName),
      CreationDate: Number.isNaN(issued.getTime()) ? undefined : issued,
      ModDate: Number.isNaN(issued.getTime()) ? undefined : issued,
    },
    lang: 'de-DE',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const qr = await QRCode.toBuffer(input.checkUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    scale: 6,
  });
  pdf.addPage();
  pdf.rect(0, 0, PAGE.width, 6).fill(COLORS.accent);

  let y = text(pdf, doc.organizer.name, LEFT, TOP, {
    size: 10,
    width: WIDTH,
    color: COLORS.muted,
    bold: true,
  });
  if (doc.organizer.address)
    y = text(pdf, doc.organizer.address, LEFT, y + 1, { size: 9, width: WIDTH, color: COLORS.muted });

  y = Math.max(y + 18 * MM, 58 * MM);
  y = text(pdf, 'Teilnahmebescheinigung', LEFT, y, { size: 26, width: WIDTH, bold: true, align: 'center' });
  y += 10 * MM;
  y = text(pdf, 'Hiermit bestätigen wir, dass', LEFT, y, { size: 11, width: WIDTH, align: 'center' }) + 6;
  y = text(pdf, doc.holderName, LEFT, y, { size: 20, width: WIDTH, bold: true, align: 'center' }) + 6;
  y = text(pdf, 'an der Veranstaltung', LEFT, y, { size: 11, width: WIDTH, align: 'center' }) + 6;
  y = text(pdf, doc.eventTitle, LEFT, y, { size: 15, width: WIDTH, bold: true, align: 'center' }) + 6;
  const when = doc.venue ? `am ${doc.dates} (${doc.venue})` : `am ${doc.dates}`;
  y = text(pdf, when, LEFT, y, { size: 11, width: WIDTH, align: 'center' }) + 2;
  y = text(pdf, 'teilgenommen hat.', LEFT, y, { size: 11, width: WIDTH, align: 'center' });

  const amount = amountText(doc.amount, doc.unit);
  y += 9 * MM;
  if (amount) y = labelled(pdf, 'Umfang', amount, y);
  if (doc.content) y = labelled(pdf, 'Inhalt', doc.content, y);
  if (doc.topics.length > 0) {
    const topicStyle = { size: 10, width: WIDTH - 16 };
    y = room(pdf, y, 14 + measure(pdf, doc.topics[0]!, topicStyle));
    y = text(pdf, 'Themen', LEFT, y, { size: 10, width: WIDTH, bold: true }) + 3;
    for (const topic of doc.topics) {
      y = room(pdf, y, measure(pdf, topic, topicStyle));
      text(pdf, '•', LEFT + 4, y, { size: 10, width: 10 });
      y = text(pdf, topic, LEFT + 16, y, topicStyle) + 2;
    }
    y += 6;
  }
  if (doc.accreditation) {
    const style = { size: 9, width: WIDTH, color: COLORS.muted };
    y = room(pdf, y, measure(pdf, doc.accreditation, style));
    y = text(pdf, doc.accreditation, LEFT, y, style) + 6;
  }

  // the signature block, above the foot and left of the QR code
  const signatureTop = FOOT_Y - QR_SIZE - 26 * MM;
  // a text too long for one page (the card's limits make it rare) puts the signature and the QR code on a second
  if (y + 8 > signatureTop) pdf.addPage();
  const blockTop = signatureTop;
  text(pdf, `Ausgestellt am ${doc.issuedOn}`, LEFT, blockTop, { size: 10, width: WIDTH / 2 });
  const lineY = blockTop + 14 + SIGNATURE_BOX.height;
  if (input.signature) {
    try {
      pdf.image(input.signature, LEFT, blockTop + 14, {
        fit: [SIGNATURE_BOX.width, SIGNATURE_BOX.height],
        valign: 'bottom',
      });
    } catch {
      // an unreadable image leaves the line empty; the certificate stays valid through its check code
    }
  }
  pdf
    .moveTo(LEFT, lineY)
    .lineTo(LEFT + SIGNATURE_BOX.width + 10 * MM, lineY)
    .lineWidth(0.5)
    .strokeColor(COLORS.ink)
    .stroke();
  let signY = lineY + 4;
  if (doc.leaderName)
    signY = text(pdf, doc.leaderName, LEFT, signY, { size: 10, width: WIDTH / 2, bold: true }) + 1;
  if (doc.leaderRole)
    text(pdf, doc.leaderRole, LEFT, signY, { size: 9, width: WIDTH / 2, color: COLORS.muted });

  // the QR code and the written-out code, bottom right
  const qrX = RIGHT - QR_SIZE;
  const qrY = FOOT_Y - QR_SIZE - 14;
  pdf.image(qr, qrX, qrY, { width: QR_SIZE, height: QR_SIZE });
  const noteWidth = 70 * MM;
  const noteX = qrX - noteWidth - 4 * MM;
  let noteY = qrY + 6;
  noteY =
    text(pdf, 'Echtheit prüfen', noteX, noteY, { size: 9, width: noteWidth, bold: true, align: 'right' }) + 2;
  noteY =
    text(pdf, `Prüfcode: ${input.code}`, noteX, noteY, { size: 9, width: noteWidth, align: 'right' }) + 2;
  text(pdf, input.checkUrl, noteX, noteY, { size: 8, width: noteWidth, color: COLORS.muted, align: 'right' });

  pdf.moveTo(LEFT, FOOT_Y).lineTo(RIGHT, FOOT_Y).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
  const foot = [doc.organizer.name, doc.organizer.address].filter(Boolean).join(' · ');
  text(pdf, foot, LEFT, FOOT_Y + 5, { size: 8, width: WIDTH, color: COLORS.muted });
  pdf.end();
  return done;
}

function labelled(pdf: PDFKit.PDFDocument, label: string, value: string, y: number): number {
  const top = text(pdf, label, LEFT, room(pdf, y, 14 + measure(pdf, value, { size: 10, width: WIDTH })), {
    size: 10,
    width: WIDTH,
    bold: true,
  });
  return text(pdf, value, LEFT, top + 2, { size: 10, width: WIDTH }) + 8;
}

/** Where a block of `height` goes: at `y`, or at the top of a new page when it would reach the foot. */
function room(pdf: PDFKit.PDFDocument, y: number, height: number): number {
  if (y + height <= FOOT_Y - 8) return y;
  pdf.addPage();
  return TOP;
}

/** The height `value` takes in `style`. */
function measure(pdf: PDFKit.PDFDocument, value: string, style: TextStyle): number {
  pdf.font(style.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(style.size);
  return pdf.heightOfString(toWinAnsi(value), { width: style.width, align: style.align ?? 'left' });
}

interface TextStyle {
  size: number;
  width: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'center' | 'right';
}

/** Text in WinAnsi, wrapped to `width`; returns the y below it. */
function text(pdf: PDFKit.PDFDocument, value: string, x: number, y: number, style: TextStyle): number {
  const printable = toWinAnsi(value);
  pdf
    .font(style.bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(style.size)
    .fillColor(style.color ?? COLORS.ink);
  const options = { width: style.width, align: style.align ?? 'left' };
  const height = pdf.heightOfString(printable, options);
  pdf.text(printable, x, y, options);
  return y + height;
}
