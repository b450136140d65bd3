/**
 * pdfkit's built-in Helvetica writes WinAnsi (cp1252) codes; anything outside it would print as a wrong
 * glyph. Letters with marks lose the mark ('Dąbrowska' → 'Dabrowska'), a few letters without a
 * decomposition get their base letter, the rest becomes '?'. Line breaks and tabs become spaces.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text.replace(/[\t\n\r\f\v]+/g, ' ')) {
    if (isWinAnsi(char)) out += char;
    else {
      const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += [...bare].every(isWinAnsi) && bare ? bare : (BASE_LETTERS[char] ?? '?');
    }
  }
  return out;
}

// cp1252 0x80–0x9F as Unicode (the slots pdfkit's WIN_ANSI_MAP knows)
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const isWinAnsi = (char: string) => {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
};
const BASE_LETTERS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', Ħ: 'H', ħ: 'h' };
