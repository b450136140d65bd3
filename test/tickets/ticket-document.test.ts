import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { pngFile } from '../helpers/png';
import { ticketBarcodeContent } from '@shared/tickets';
import { renderBarcodePng } from '@server/core/tickets/ticket-barcode';
import { renderTicketPdf, renderTicketPng, renderTicketsPdf } from '@server/core/tickets/ticket-document';
import type { TicketDocumentData } from '@server/core/tickets/ticket-document-data';
import { ticketTexts } from '@server/core/tickets/ticket-document-texts';
import { IMAGE_BARCODE_SCALE, ticketSvg } from '@server/core/tickets/ticket-image-layout';

const ZBARIMG = '/usr/bin/zbarimg';
const dir = mkdtempSync(path.join(tmpdir(), 'ticket-document-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ticket = (overrides: Partial<TicketDocumentData> = {}): TicketDocumentData => ({
  ticketId: '3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f',
  ticketNumber: 'WR-261212-A1B2C3D4E5-0421',
  orderNumber: 'WR-7K3Q9F',
  code: '0421',
  holderName: 'Jürgen Weiß',
  eventTitle: 'Achtsamkeit für Paare',
  startTime: new Date('2026-12-12T09:00:00Z'),
  endTime: new Date('2026-12-12T16:00:00Z'),
  timezone: 'Europe/Berlin',
  location: 'Seminarhaus Düne, Kampen',
  mode: 'presence',
  onlineUrl: null,
  priceUnit: 'per_pair',
  isTest: false,
  status: 'active',
  brand: { siteName: 'Wachstumsraum', logo: null },
  ...overrides,
});

// ---------------------------------------------------------------------------------------------- decoding

/** zbarimg (Debian zbar-tools), an independent Code128 decoder; missing means failing, not skipping. */
async function scan(png: Buffer): Promise<string> {
  if (!existsSync(ZBARIMG)) {
    throw new Error(
      `${ZBARIMG} fehlt: \`apt-get install -y zbar-tools\` (CI installiert es), ohne geht der Test nicht`,
    );
  }
  const file = path.join(dir, `${crypto.randomUUID()}.png`);
  writeFileSync(file, png);
  const result = await promisify(execFile)(ZBARIMG, ['--raw', '-q', file]).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  return result.stdout.trim();
}

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

/** The PDF's objects by number: the dictionary text and the raw (still compressed) stream bytes. */
function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const match of text.matchAll(/(\d+) 0 obj\n/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('\nendobj', start);
    const streamAt = text.indexOf('\nstream\n', start);
    if (streamAt === -1 || streamAt > end) {
      objects.set(Number(match[1]), { dict: text.slice(start, end), stream: null });
      continue;
    }
    const dict = text.slice(start, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const from = streamAt + '\nstream\n'.length;
    objects.set(Number(match[1]), { dict, stream: pdf.subarray(from, from + length) });
  }
  return objects;
}

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page(?!s)/g)?.length ?? 0;

/** The shown text of all content streams (pdfkit writes hex strings in TJ arrays, WinAnsi-encoded). */
function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const { dict, stream } of pdfObjects(pdf).values()) {
    if (!stream || dict.includes('/Subtype /Image')) continue;
    const content = (dict.includes('/FlateDecode') ? inflateSync(stream) : stream).toString('latin1');
    for (const [, array] of content.matchAll(/\[((?:<[0-9a-f]*>|[^\]<])*)\]\s*TJ/gi)) {
      const hex = [...array!.matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1]).join('');
      lines.push(fromWinAnsi(Buffer.from(hex, 'hex')));
    }
  }
  return lines.join('\n');
}

// cp1252 0x80–0x9F (Node's TextDecoder treats 'windows-1252' as Latin-1, which would hide a wrong dash)
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const fromWinAnsi = (bytes: Buffer) =>
  [...bytes].map((b) => (b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b))).join('');

/** An Info entry (pdfkit writes it as an indirect string, UTF-16BE with BOM when not ASCII). */
function pdfInfo(pdf: Buffer, key: string): string {
  const objects = pdfObjects(pdf);
  const info = [...objects.values()].find((o) => o.dict.includes('/Producer'))!;
  const ref = Number(new RegExp(`/${key} (\\d+) 0 R`).exec(info.dict)?.[1]);
  const literal = objects.get(ref)!.dict.trim().slice(1, -1);
  const bytes = Buffer.from(literal.replace(/\\([()\\])/g, '$1'), 'latin1');
  return bytes[0] === 0xfe && bytes[1] === 0xff
    ? new TextDecoder('utf-16be').decode(bytes.subarray(2))
    : bytes.toString('latin1');
}

interface PdfImage {
  width: number;
  height: number;
  colorSpace: string;
  gray: boolean;
  png: Buffer | null;
}

/**
 * The images embedded in the PDF. pdfkit passes a greyscale PNG's compressed rows through unchanged
 * (FlateDecode with the PNG predictor), so wrapping those bytes into IHDR/IDAT/IEND gives back a PNG of
 * exactly what the PDF shows.
 */
function pdfImages(pdf: Buffer): PdfImage[] {
  return [...pdfObjects(pdf).values()]
    .filter((o) => o.dict.includes('/Subtype /Image'))
    .map(({ dict, stream }) => {
      const width = Number(/\/Width (\d+)/.exec(dict)?.[1]);
      const height = Number(/\/Height (\d+)/.exec(dict)?.[1]);
      const colorSpace = /\/ColorSpace \/(\w+)/.exec(dict)?.[1] ?? '';
      const gray = colorSpace === 'DeviceGray' && !dict.includes('/SMask');
      return {
        width,
        height,
        colorSpace,
        gray,
        png: gray && stream ? pngFile(width, height, 0, stream) : null,
      };
    });
}

// ---------------------------------------------------------------------------------------------- tests

describe('ticket PDF', () => {
  it('renders one A4-landscape page with the ticket texts, metadata and no embedded font', async () => {
    const pdf = await renderTicketPdf(ticket());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 841.89 595.28]');
    const text = pdfText(pdf);
    for (const expected of [
      'Wachstumsraum',
      'Achtsamkeit für Paare',
      'Sa., 12.12.2026', // src/shared/date-range.ts, as on the pages (decision 024)
      '10:00–17:00 Uhr',
      'Einlass ab 09:45 Uhr',
      'Seminarhaus Düne, Kampen',
      'Ticket für',
      'Jürgen Weiß',
      '1 Ticket für 1 Paar',
      'Code 0421',
      'Ticket-Nr. WR-261212-A1B2C3D4E5-0421',
      'Bestellnummer WR-7K3Q9F', // docs/decisions/020-order-numbers.md
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('TESTTICKET');
    expect(text).not.toContain('STORNIERT');
    expect(pdfInfo(pdf, 'Title')).toBe('Ticket 0421 – Achtsamkeit für Paare');
    expect(pdfInfo(pdf, 'Author')).toBe('Wachstumsraum');
    // standard Helvetica in WinAnsi, nothing embedded; small enough for a mail attachment
    expect(pdf.toString('latin1')).toContain('/Encoding /WinAnsiEncoding');
    expect(pdf.toString('latin1')).not.toMatch(/\/FontFile/);
    expect(pdf.length).toBeLessThan(30_000);
  });

  it('puts several tickets on one page each, each barcode decodable from the PDF itself', async () => {
    const ids = [
      '3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f',
      'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d',
      '00ff00ff-1234-4abc-8def-0123456789ab',
    ];
    const tickets = ids.map((ticketId, index) =>
      ticket({ ticketId, ticketNumber: `WR-261212-A1B2C3D4E5-${7000 + index}`, code: String(7000 + index) }),
    );
    const pdf = await renderTicketsPdf(tickets);
    expect(pageCount(pdf)).toBe(3);
    expect(pdfText(pdf)).toContain('Code 7002');
    const images = pdfImages(pdf);
    expect(images).toHaveLength(3);
    const decoded = await Promise.all(images.map((image) => scan(image.png!)));
    expect(decoded).toEqual(tickets.map((t) => ticketBarcodeContent(t.ticketId, t.ticketNumber)));
    expect(decoded[1]).toBe('7001a0b1c2d3');
  });

  it('prints times in the event zone, whatever the server zone', async () => {
    const serverZone = process.env.TZ;
    process.env.TZ = 'Pacific/Auckland'; // Node applies a changed TZ at once
    try {
      expect(new Date('2026-12-12T09:00:00Z').getHours()).toBe(22);
      const berlin = pdfText(await renderTicketPdf(ticket({ endTime: null })));
      expect(berlin).toContain('Sa., 12.12.2026');
      expect(berlin).toContain('10:00 Uhr');
      expect(berlin).toContain('Einlass ab 09:45 Uhr');
      const summer = ticket({ startTime: new Date('2026-07-04T08:00:00Z'), endTime: null });
      expect(pdfText(await renderTicketPdf(summer))).toContain('Einlass ab 09:45 Uhr');
      const newYork = pdfText(await renderTicketPdf(ticket({ timezone: 'America/New_York' })));
      expect(newYork).toContain('04:00–11:00 Uhr');
      expect(newYork).toContain('Einlass ab 03:45 Uhr');
    } finally {
      if (serverZone === undefined) delete process.env.TZ;
      else process.env.TZ = serverZone;
    }
    const twoDays = ticketTexts(ticket({ endTime: new Date('2026-12-13T15:00:00Z') }));
    // decision 024: the end day in the date and in the time ('10:00 – 16:00 Uhr' hid that it is Sunday)
    expect(twoDays.date).toBe('Sa., 12.12.2026 – So., 13.12.2026');
    expect(twoDays.time).toBe('Sa. 10:00 – So. 16:00 Uhr');
  });

  it('marks test and cancelled tickets; online events print Online; per person prints 1 Person', async () => {
    const text = pdfText(
      await renderTicketPdf(
        ticket({ isTest: true, status: 'revoked', mode: 'online', priceUnit: 'per_person' }),
      ),
    );
    expect(text).toContain('TESTTICKET – nicht gültig');
    expect(text).toContain('STORNIERT');
    expect(text).toContain('Dieses Ticket wurde storniert.');
    expect(text).toContain('Online');
    expect(text).not.toContain('Seminarhaus');
    expect(text).toContain('1 Person');
    expect(text).not.toContain('1 Ticket für 1 Paar');
  });

  it("prints an online ticket's access link instead of the entry time, clickable", async () => {
    // docs/decisions/019-online-links.md
    const url = 'https://meet.example/achtsamkeit-raum';
    const pdf = await renderTicketPdf(ticket({ mode: 'online', onlineUrl: url }));
    const text = pdfText(pdf);
    expect(text).toContain(`Zugangslink: ${url}`);
    expect(text).toContain('Online');
    expect(text).not.toContain('Einlass');
    expect(pdf.toString('latin1')).toContain(`/URI (${url})`);
    expect(
      ticketSvg(ticketTexts(ticket({ mode: 'online', onlineUrl: url })), 'Wachstumsraum', true),
    ).toContain(`Zugangslink: ${url}`);
    // no link set yet: where it will come; a cancelled ticket never prints one, whatever it is given
    const pending = pdfText(await renderTicketPdf(ticket({ mode: 'online' })));
    expect(pending).toContain('Zugangslink per E-Mail und unter „Meine Tickets“');
    expect(pending).not.toContain('Einlass');
    const cancelled = await renderTicketPdf(ticket({ mode: 'online', onlineUrl: url, status: 'canceled' }));
    expect(pdfText(cancelled)).not.toContain(url);
    expect(cancelled.toString('latin1')).not.toContain('/URI');
  });

  it('writes letters outside WinAnsi as their base letters instead of wrong glyphs', async () => {
    const text = pdfText(await renderTicketPdf(ticket({ holderName: 'Łucja Dąbrowska-Núñez' })));
    expect(text).toContain('Lucja Dabrowska-Núñez');
  });

  it('embeds the logo once per document and falls back to the word mark for unreadable bytes', async () => {
    const logo = await sharp({
      create: { width: 300, height: 90, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 0.8 } },
    })
      .png()
      .toBuffer();
    const pdf = await renderTicketsPdf([ticket({ brand: { siteName: 'Wachstumsraum', logo } }), ticket()]);
    const images = pdfImages(pdf);
    // the logo once, flattened onto white (no alpha mask for pdfkit to split), plus one barcode per page
    expect(images.filter((image) => image.width === 300 && image.height === 90)).toHaveLength(1);
    expect(images.filter((image) => image.width !== 300)).toHaveLength(2);
    expect(pdf.toString('latin1')).not.toContain('/SMask');
    const broken = await renderTicketPdf(
      ticket({ brand: { siteName: 'Ersatzname', logo: Buffer.from('kein Bild') } }),
    );
    expect(pdfText(broken)).toContain('Ersatzname');
  });
});

describe('ticket barcode', () => {
  it('is Code128 of the ticket code and id, read back by zbarimg at both scales', async () => {
    const content = ticketBarcodeContent('a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d', 'WR-261212-A1B2C3D4E5-0815');
    expect(content).toBe('0815a0b1c2d3');
    expect(await scan(await renderBarcodePng(content))).toBe(content);
    expect(await scan(await renderBarcodePng(content, IMAGE_BARCODE_SCALE))).toBe(content);
  });
});

describe('ticket PNG', () => {
  it('is 2480x1169 and its barcode scans', async () => {
    const data = ticket({ isTest: true, brand: { siteName: 'Wachstumsraum', logo: null } });
    const png = await renderTicketPng(data);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 2480, 1169]);
    expect(await scan(png)).toBe(ticketBarcodeContent(data.ticketId, data.ticketNumber));
  });

  it('renders with a logo and as cancelled', async () => {
    const logo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer();
    const png = await renderTicketPng(
      ticket({ status: 'canceled', brand: { siteName: 'Wachstumsraum', logo } }),
    );
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([2480, 1169]);
    // the logo's colour sits in the header box (fitted to 140 px high, left-aligned at the margin)
    const { data } = await sharp(png).extract({ left: 150, top: 120, width: 1, height: 1 }).raw().toBuffer({
      resolveWithObject: true,
    });
    const [r, g, b] = data;
    expect(Math.abs(r! - 15) + Math.abs(g! - 118) + Math.abs(b! - 110)).toBeLessThan(12);
  });

  it("prints the venue's name with room and town, each once (docs/product/events.md#venue-for-buyers)", async () => {
    const heide = ticket({ venue: 'Heidehof Wilsede', room: null, location: 'Undeloh' });
    expect(ticketTexts(heide).place).toBe('Heidehof Wilsede, Undeloh');
    expect(pdfText(await renderTicketPdf(heide))).toContain('Heidehof Wilsede, Undeloh');
    const withRoom = ticket({ venue: 'Kulturetage Elbblick', room: 'Seminarraum 2', location: 'Hamburg' });
    expect(ticketTexts(withRoom).place).toBe('Kulturetage Elbblick, Seminarraum 2, Hamburg');
    expect(ticketSvg(ticketTexts(withRoom), 'Wachstumsraum', true)).toContain('Kulturetage Elbblick');
    expect(ticketTexts(ticket({ venue: 'Undeloh', location: 'Undeloh' })).place).toBe('Undeloh');
    expect(ticketTexts(ticket({ venue: 'Heidehof Wilsede', mode: 'online' })).place).toBe('Online');
  });

  it('builds escaped SVG text with umlauts intact', () => {
    const svg = ticketSvg(ticketTexts(ticket({ holderName: 'Jürgen <Weiß> & "Co"' })), 'Wachstumsraum', true);
    expect(svg).toContain('Jürgen &lt;Weiß&gt; &amp; &quot;Co&quot;');
    expect(svg).not.toContain('<Weiß>');
    expect(svg).toContain('10:00–17:00 Uhr');
    expect(svg).toContain('Einlass ab 09:45 Uhr');
    expect(svg).toContain('Bestellnummer WR-7K3Q9F');
  });
});

describe('the ticket category (docs/product/ticket-categories.md#one-category)', () => {
  it('prints the category under the title on the PDF and the PNG, and nothing without one', async () => {
    const data = ticket({ eventTitle: 'Retreat an der Heide', categoryName: 'Doppelzimmer' });
    expect(ticketTexts(data).category).toBe('Doppelzimmer');
    const text = pdfText(await renderTicketPdf(data)).split('\n');
    expect(text.indexOf('Doppelzimmer')).toBe(text.indexOf('Retreat an der Heide') + 1);
    const svg = ticketSvg(ticketTexts(data), 'Wachstumsraum', true);
    expect(svg.indexOf('Doppelzimmer')).toBeGreaterThan(svg.indexOf('Retreat an der Heide'));
    expect(svg.indexOf('Doppelzimmer')).toBeLessThan(svg.indexOf('Einlass ab'));
    // the PNG with the extra line still fits and scans
    const png = await renderTicketPng(data);
    expect(await scan(png)).toBe(ticketBarcodeContent(data.ticketId, data.ticketNumber));
    for (const none of [undefined, null, ' '])
      expect(ticketTexts(ticket({ categoryName: none })).category).toBe(null);
  });
});
