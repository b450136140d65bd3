import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { paymentReference } from '@shared/bank-transfer';
import { orderNumbersIn, planMatch, type MatchPlan, type OpenBooking } from './match-lines';
import { parseStatement } from './statements';

// Matching by reference and amount (docs/product/bank-transfer.md#matching). The check character of
// 'WR-7K3Q9F' is '9' and of 'WR-A2B3C4' is 'Y', so 'WR-7K3Q9F-M' is a mistyped reference.

describe('the references', () => {
  it('knows its check characters', () => {
    expect(paymentReference('WR-7K3Q9F')).toBe('WR-7K3Q9F-9');
    expect(paymentReference('WR-A2B3C4')).toBe('WR-A2B3C4-Y');
  });
});

describe('orderNumbersIn', () => {
  it.each([
    ['exact', 'WR-7K3Q9F-9', ['WR-7K3Q9F']],
    ['lower case', 'wr-7k3q9f-9', ['WR-7K3Q9F']],
    ['mixed case in a sentence', 'Tickets für Wr-7k3Q9F-9, danke!', ['WR-7K3Q9F']],
    ['spaces', 'WR 7K3Q9F 9', ['WR-7K3Q9F']],
    ['spaces inside the code', 'WR 7K3 Q9F 9', ['WR-7K3Q9F']],
    ['a line break inside (two Ustrd, two ?2x fields)', 'Tickets WR-7K3\nQ9F-9 Danke', ['WR-7K3Q9F']],
    ['a CRLF line break', 'WR-7K3Q9\r\nF-9', ['WR-7K3Q9F']],
    ['no hyphens (a bank strips them)', 'WR7K3Q9F9', ['WR-7K3Q9F']],
    ['no hyphens, lower case', 'wr7k3q9f9', ['WR-7K3Q9F']],
    ['no check character', 'WR-7K3Q9F', ['WR-7K3Q9F']],
    ['no check character, words after it', 'Bestellung WR-7K3Q9F Mai 2025', ['WR-7K3Q9F']],
    ['no check character and no hyphen', 'WR7K3Q9F', ['WR-7K3Q9F']],
    ['wrong check character', 'WR-7K3Q9F-M', []],
    ['wrong check character, no hyphens', 'WR7K3Q9FM', []],
    ['wrong check character, spaces', 'wr 7k3q9f m', []],
    ['a swap of two neighbours', 'WR-K73Q9F-9', []],
    ['two references, in order', 'WR-A2B3C4-Y und WR-7K3Q9F-9', ['WR-A2B3C4', 'WR-7K3Q9F']],
    ['two references, one wrong', 'WR-A2B3C4-Y und WR-7K3Q9F-M', ['WR-A2B3C4']],
    [
      'normalized numbers, as the importer hands them back',
      'WR-7K3Q9F WR-A2B3C4',
      ['WR-7K3Q9F', 'WR-A2B3C4'],
    ],
    ['the same code twice', 'WR-7K3Q9F-9 / wr 7k3q9f 9', ['WR-7K3Q9F']],
    ['after EREF+ (German SEPA MT940)', 'EREF+WR-7K3Q9F-9', ['WR-7K3Q9F']],
    ['after SVWZ+', 'SVWZ+WR7K3Q9F9 Konzert', ['WR-7K3Q9F']],
    ['EREF and SVWZ glued together', 'EREF+WR-7K3Q9F-9SVWZ+Tickets', ['WR-7K3Q9F']],
    ['inside an IBAN', 'IBAN GB29WR7K3Q9F9012345678', []],
    ['an IBAN starting with the letters', 'DE12 3456 WR7K 3Q9F 9012 34', []],
    ['an IBAN in groups of four', 'NL12 ABCD WR23 4567 89', []],
    ['inside a longer token', 'KUNDEWR7K3Q9F9', []],
    ['glued to more characters', 'WR7K3Q9F9X2', []],
    ['a zero is no order-number character', 'WR-7K3Q0F', []],
    ['an O is none', 'WR-7K3QOF', []],
    ['a 1 is none', 'WR-7K3Q1F', []],
    ['an L is none', 'WR-7K3QLF', []],
    ['an I is none', 'WR-7K3QIF', []],
    ['five characters', 'WR-7K3Q9', []],
    ['nothing', '', []],
    ['words that start with WR', 'WRANGEL STRASSE 22', []],
  ])('%s: %j', (_name, remittance, expected) => {
    expect(orderNumbersIn(remittance)).toEqual(expected);
  });
});

describe('planMatch', () => {
  const open = new Map<string, OpenBooking>([
    ['WR-7K3Q9F', { bookingId: 'b-1', orderNumber: 'WR-7K3Q9F', owedCents: 4990 }],
    ['WR-A2B3C4', { bookingId: 'b-2', orderNumber: 'WR-A2B3C4', owedCents: 12000 }],
  ]);
  const plan = (
    status: MatchPlan['status'],
    credits: [string, number][] = [],
    excessCents = 0,
  ): MatchPlan => ({
    status,
    credits: credits.map(([bookingId, amountCents]) => ({ bookingId, amountCents })),
    excessCents,
  });

  it.each([
    ['exact', 4990, 'WR-7K3Q9F-9', plan('matched', [['b-1', 4990]])],
    ['case', 4990, 'wr-7k3q9f-9', plan('matched', [['b-1', 4990]])],
    ['spaces', 4990, 'WR 7K3Q9F 9', plan('matched', [['b-1', 4990]])],
    ['line break inside', 4990, 'WR-7K3\nQ9F-9', plan('matched', [['b-1', 4990]])],
    ['hyphens missing', 4990, 'WR7K3Q9F9', plan('matched', [['b-1', 4990]])],
    ['check character missing', 4990, 'WR-7K3Q9F', plan('matched', [['b-1', 4990]])],
    ['wrong check character', 4990, 'WR-7K3Q9F-M', plan('unmatched')],
    [
      'two references, both paid in order',
      16990,
      'WR-7K3Q9F-9 WR-A2B3C4-Y',
      plan('matched', [
        ['b-1', 4990],
        ['b-2', 12000],
      ]),
    ],
    [
      'two references, the order of the text',
      16990,
      'WR-A2B3C4-Y, WR-7K3Q9F-9',
      plan('matched', [
        ['b-2', 12000],
        ['b-1', 4990],
      ]),
    ],
    ['more than owed', 6000, 'WR-7K3Q9F-9', plan('overpaid', [['b-1', 4990]], 1010)],
    [
      'more than two bookings owe',
      20000,
      'WR-7K3Q9F-9 WR-A2B3C4-Y',
      plan(
        'overpaid',
        [
          ['b-1', 4990],
          ['b-2', 12000],
        ],
        3010,
      ),
    ],
    ['less than owed', 2000, 'WR-7K3Q9F-9', plan('partial', [['b-1', 2000]])],
    [
      'two references, short: the second partial',
      10000,
      'WR-7K3Q9F-9 WR-A2B3C4-Y',
      plan('partial', [
        ['b-1', 4990],
        ['b-2', 5010],
      ]),
    ],
    [
      'two references, enough for the first only',
      4990,
      'WR-7K3Q9F-9 WR-A2B3C4-Y',
      plan('partial', [['b-1', 4990]]),
    ],
    ['zero', 0, 'WR-7K3Q9F-9', plan('ignored')],
    ['negative (outgoing)', -4990, 'WR-7K3Q9F-9', plan('ignored')],
    ['an order number that is not open', 4990, 'WR-XYZ234-4', plan('unmatched')],
    ['no reference', 4990, 'Mitgliedsbeitrag März', plan('unmatched')],
    ['EREF+', 4990, 'EREF+WR-7K3Q9F-9', plan('matched', [['b-1', 4990]])],
    ['SVWZ+', 4990, 'SVWZ+WR-7K3Q9F-9 Tickets', plan('matched', [['b-1', 4990]])],
    ['a look-alike inside an IBAN', 4990, 'DE44WR7K3Q9F9', plan('unmatched')],
    ['a look-alike inside a longer token', 4990, 'ABCWR-7K3Q9F-9', plan('unmatched')],
    [
      'the same code twice: credited once',
      9980,
      'WR-7K3Q9F-9 WR-7K3Q9F-9',
      plan('overpaid', [['b-1', 4990]], 4990),
    ],
  ])('%s', (_name, amountCents, remittance, expected) => {
    expect(planMatch({ amountCents, remittance }, open)).toEqual(expected);
  });

  it('credits nothing to a referenced booking that owes nothing', () => {
    const paid = new Map([['WR-7K3Q9F', { bookingId: 'b-1', orderNumber: 'WR-7K3Q9F', owedCents: 0 }]]);
    expect(planMatch({ amountCents: 4990, remittance: 'WR-7K3Q9F-9' }, paid)).toEqual(plan('unmatched'));
  });

  it('plans the lines of a parsed statement', () => {
    const { lines } = parseStatement(readFileSync('test/fixtures/bank/camt053-001-02.xml'));
    const opens = new Map<string, OpenBooking>(
      [
        ['WR-7K3Q9F', 4990],
        ['WR-A2B3C4', 15000],
        ['WR-XYZ234', 1000],
        ['WR-HJKMNP', 29],
        ['WR-QRSTUV', 7000],
      ].map(([orderNumber, owedCents]) => [
        orderNumber as string,
        {
          bookingId: `id-${orderNumber}`,
          orderNumber: orderNumber as string,
          owedCents: owedCents as number,
        },
      ]),
    );
    expect(lines.map((line) => planMatch(line, opens))).toEqual([
      plan('matched', [['id-WR-7K3Q9F', 4990]]), // the reference split over two Ustrd
      plan('partial', [['id-WR-A2B3C4', 12000]]), // the structured reference
      plan('ignored'), // the debit
      plan('ignored'), // 0,00 €, although it names an open order
      plan('matched', [['id-WR-HJKMNP', 29]]),
      plan('overpaid', [['id-WR-QRSTUV', 7000]], 521),
      plan('unmatched'),
      plan('unmatched'),
    ]);
  });
});
