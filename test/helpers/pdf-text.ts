import { inflateSync } from 'node:zlib';

// Reads back what a pdfkit PDF shows, for API tests that fetch a ticket document (the renderer's own test,
// tickets/ticket-document.test.ts, decodes images and metadata as well).

// cp1252 0x80–0x9F (Node's TextDecoder treats 'windows-1252' as Latin-1, which would hide a wrong dash)
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const fromWinAnsi = (bytes: Buffer) =>
  [...bytes].map((b) => (b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b))).join('');

/** The shown text of all content streams, one line per TJ array (pdfkit writes WinAnsi hex strings). */
export function pdfText(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of text.matchAll(/\d+ 0 obj\n/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('\nendobj', start);
    const streamAt = text.indexOf('\nstream\n', start);
    if (streamAt === -1 || streamAt > end) continue;
    const dict = text.slice(start, streamAt);
    if (dict.includes('/Subtype /Image')) continue;
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const from = streamAt + '\nstream\n'.length;
    const stream = pdf.subarray(from, from + length);
    const content = (dict.includes('/FlateDecode') ? inflateSync(stream) : stream).toString('latin1');
    for (const [, array] of content.matchAll(/\[((?:<[0-9a-f]*>|[^\]<])*)\]\s*TJ/gi)) {
      const hex = [...array!.matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1]).join('');
      lines.push(fromWinAnsi(Buffer.from(hex, 'hex')));
    }
  }
  return lines.join('\n');
}
