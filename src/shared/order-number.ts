// Order numbers (docs/decisions/020-order-numbers.md): every booking's short, human reference, printed on
// the success page, in 'Meine Tickets', in every booking mail and on the PDF, and typed by admins into
// Admin Refund and the tickets search.

export const ORDER_NUMBER_PREFIX = 'WR-';
/** No 0/O, 1/I/L: nothing that reads as another character when spoken, printed or typed. */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ORDER_NUMBER_LENGTH = 6;
export const ORDER_NUMBER_PATTERN = new RegExp(
  `^${ORDER_NUMBER_PREFIX}[${ORDER_NUMBER_ALPHABET}]{${ORDER_NUMBER_LENGTH}}$`,
);

/** 'Bestellnummer WR-7K3Q9F', as pages, mails and the PDF label it. */
export const ORDER_NUMBER_LABEL = 'Bestellnummer';

// The largest multiple of the alphabet's size below 256: bytes from it up are drawn again, so every
// character is equally likely (a plain `byte % 31` would favour the first eight).
const FAIR_BYTES = 256 - (256 % ORDER_NUMBER_ALPHABET.length);

/**
 * A new order number from a cryptographically strong source (Web Crypto, in Node and browsers alike).
 * Unique only by chance (31^6 ≈ 887 million): the database's unique constraint decides, and the booking
 * code draws again on a clash.
 */
export function newOrderNumber(
  randomBytes: (count: number) => Uint8Array = (count) => crypto.getRandomValues(new Uint8Array(count)),
): string {
  let out = ORDER_NUMBER_PREFIX;
  while (out.length < ORDER_NUMBER_PREFIX.length + ORDER_NUMBER_LENGTH) {
    for (const byte of randomBytes(ORDER_NUMBER_LENGTH)) {
      if (byte >= FAIR_BYTES) continue;
      out += ORDER_NUMBER_ALPHABET[byte % ORDER_NUMBER_ALPHABET.length];
      if (out.length === ORDER_NUMBER_PREFIX.length + ORDER_NUMBER_LENGTH) break;
    }
  }
  return out;
}

/**
 * What an admin typed, as a stored order number, or null when it is none: case and spaces do not matter,
 * and the prefix may be left out or written without its dash ('wr 7k3q9f', '7K3Q9F', 'WR7K3Q9F').
 */
export function normalizeOrderNumber(text: string): string | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  // six characters are the part after the prefix (which may itself start with 'WR'); longer, a prefix
  const body = compact.length === ORDER_NUMBER_LENGTH ? compact : compact.replace(/^WR-?/, '');
  const candidate = `${ORDER_NUMBER_PREFIX}${body}`;
  return ORDER_NUMBER_PATTERN.test(candidate) ? candidate : null;
}
