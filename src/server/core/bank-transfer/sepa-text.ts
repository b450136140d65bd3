import transliterate from '@sindresorhus/transliterate';

// Text for the SEPA credit transfer file (docs/product/bank-transfer.md#sepa-characters): the EPC's basic Latin
// character set, which every SEPA bank must accept; anything else may make a bank refuse the whole file.

/** What is outside `a-z A-Z 0-9 / - ? : ( ) . , ' +` and space. */
const OUTSIDE_SEPA = /[^a-zA-Z0-9/\-?:().,'+ ]/g;

/**
 * `text` in the SEPA character set, at most `maxLength` characters (Nm 70, Ustrd 140): umlauts and ß as two
 * letters (German rules, 'Jörg Weiß' → 'Joerg Weiss'), other accents and scripts transliterated, '&' as '+',
 * `<>"` dropped, anything left over as a space. Cut after transliterating, which can make a text longer.
 */
export function sepaText(text: string, maxLength: number): string {
  const latin = transliterate(text.normalize('NFC'), {
    locale: 'de',
    customReplacements: [
      ['&', '+'],
      ['ẞ', 'SS'],
      ['€', 'EUR'],
      // typographic apostrophes are the apostrophe the set has ('O’Brien')
      ['’', "'"],
      ['‘', "'"],
      ['ʼ', "'"],
    ],
  });
  return latin
    .replace(/[<>"]/g, '')
    .replace(OUTSIDE_SEPA, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, maxLength)
    .trimEnd();
}
