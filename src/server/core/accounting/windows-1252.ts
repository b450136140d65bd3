import { toWinAnsi } from '../documents/win-ansi';

// cp1252's bytes 0x80–0x9F and the characters they stand for (the rest of 0x00–0xFF is Latin-1 as is).
const HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const BYTE_OF = new Map([...HIGH].map((char, index) => [char, 0x80 + index]));

/**
 * Text as Windows-1252 bytes, the encoding DATEV reads its import files in (decision 066). Characters cp1252
 * lacks are brought to it first (toWinAnsi: 'Dąbrowska' → 'Dabrowska', the rest '?'), so nothing is lost
 * silently into a wrong byte. Line ends are the caller's: toWinAnsi is applied per field, not per file.
 */
export function encodeWindows1252(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  let length = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code === 0x0d || code === 0x0a) out[length++] = code;
    else if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) out[length++] = code;
    else out[length++] = BYTE_OF.get(char) ?? 0x3f;
  }
  return out.subarray(0, length);
}

/** One field's text in what cp1252 can hold, on one line. */
export const winAnsiText = (text: string) => toWinAnsi(text);
