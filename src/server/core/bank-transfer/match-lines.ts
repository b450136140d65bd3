// Which bookings a statement line pays (docs/product/bank-transfer.md#matching): the references in its text and
// how its amount spreads over them. Pure: the importer looks the order numbers up and books the plan.
//
// Lessons from pretix's bank import: references that lost their leading zeros (a spreadsheet read them as
// numbers) cannot happen here, as the order-number alphabet has no 0 and the reference starts with 'WR'; lines of
// 0 € (pretix once mailed customers about CSV rows misread as 0 €) and outgoing lines are 'ignored', never
// matched; lines without a usable reference are 'unmatched' and wait for the admin, nothing is guessed.
import { referenceCheckCharacter } from '@shared/bank-transfer';
import { ORDER_NUMBER_ALPHABET } from '@shared/order-number';
import type { StatementLine } from './statements';

const CHAR = `[${ORDER_NUMBER_ALPHABET}]`;
/** Between the characters of a reference: what people and banks put there (spaces, line breaks, dashes). */
const GAP = '[\\s\\-\u2010-\u2015]*';
/**
 * 'WR', six order-number characters and an optional check character, each optionally apart; not glued to a
 * letter or digit on either side, so 'DE12WR7K3Q9F…' in an IBAN or 'XWR7K3Q9F' in a longer token is no reference.
 * When the character after the code is glued to more letters ('WR-7K3Q9F-MAI'), the regex backs off to the code
 * alone.
 */
const REFERENCE = new RegExp(
  `(?<![\\p{L}\\p{N}])WR${GAP}((?:${CHAR}${GAP}){5}${CHAR})(?:${GAP}(${CHAR}))?(?![\\p{L}\\p{N}])`,
  'gu',
);
/** An IBAN written in groups of four ('NL12 ABCD WR23 4567 89'): a 'WR' group inside it is not a reference. */
const IBAN_GROUPS_BEFORE = /(?:^|[^\p{L}\p{N}])[A-Z]{2}\d{2}(?: [A-Z0-9]{4})* $/u;
const IBAN_GROUPS_FROM_HERE = /^WR[A-Z0-9]{2} [A-Z0-9]{4}/;

/**
 * The order numbers a remittance text pays, in the order they appear: tolerant of case, spaces, hyphens, line
 * breaks inside the reference ('WR-7K3\nQ9F-M'), a missing check character; a present but WRONG check character
 * means that candidate is NOT taken. Unknown order numbers are the caller's business (it looks them up).
 * Returns normalized 'WR-XXXXXX', each once.
 */
export function orderNumbersIn(remittance: string): string[] {
  const text = remittance.toUpperCase();
  const found: string[] = [];
  for (const match of text.matchAll(REFERENCE)) {
    const code = match[1]!.replace(/[^A-Z0-9]/g, '');
    const check = match[2];
    if (check !== undefined && check !== referenceCheckCharacter(code)) continue;
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    if (IBAN_GROUPS_FROM_HERE.test(match[0]) && IBAN_GROUPS_BEFORE.test(before)) continue;
    const orderNumber = `WR-${code}`;
    if (!found.includes(orderNumber)) found.push(orderNumber);
  }
  return found;
}

export interface OpenBooking {
  bookingId: string;
  orderNumber: string;
  owedCents: number;
}

export interface MatchPlan {
  status: 'matched' | 'partial' | 'overpaid' | 'unmatched' | 'ignored';
  credits: { bookingId: string; amountCents: number }[];
  /** money left after every referenced booking is paid (status 'overpaid'); it stays on the line */
  excessCents: number;
}

/**
 * ignored: amount <= 0 (outgoing or zero). unmatched: no referenced open booking (one that owes money). Else the
 * referenced open bookings are credited in order, each up to what it owes: money left after all are paid →
 * overpaid (excessCents, the excess stays on the line, credited to nothing); money short → partial (the last
 * credited booking got less than it owes, and bookings after it, if any, nothing). All paid exactly → matched.
 */
export function planMatch(
  line: Pick<StatementLine, 'amountCents' | 'remittance'>,
  openByOrderNumber: Map<string, OpenBooking>,
): MatchPlan {
  if (line.amountCents <= 0) return { status: 'ignored', credits: [], excessCents: 0 };
  const bookings: OpenBooking[] = [];
  for (const orderNumber of orderNumbersIn(line.remittance)) {
    const booking = openByOrderNumber.get(orderNumber);
    if (booking && booking.owedCents > 0 && !bookings.some((b) => b.bookingId === booking.bookingId)) {
      bookings.push(booking);
    }
  }
  if (bookings.length === 0) return { status: 'unmatched', credits: [], excessCents: 0 };

  let left = line.amountCents;
  const credits: MatchPlan['credits'] = [];
  for (const booking of bookings) {
    if (left === 0) break;
    const amountCents = Math.min(left, booking.owedCents);
    credits.push({ bookingId: booking.bookingId, amountCents });
    left -= amountCents;
  }
  const owed = bookings.reduce((sum, booking) => sum + booking.owedCents, 0);
  if (left > 0) return { status: 'overpaid', credits, excessCents: left };
  return { status: line.amountCents < owed ? 'partial' : 'matched', credits, excessCents: 0 };
}
