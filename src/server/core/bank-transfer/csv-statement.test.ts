import { describe, expect, it } from 'vitest';
import type { CsvMapping } from '@shared/bank-statements';
import { csvAmountCents, csvPreview, parseCsvStatement } from './csv-statement';

// CSV statements read by the admin's mapping (docs/product/bank-transfer.md#csv).

describe('csvAmountCents', () => {
  it.each([
    ['1.234,56', true, 123456],
    ['-1.234,56', true, -123456],
    ['+12,00 €', true, 1200],
    ['45', true, 4500],
    ['0,5', true, 50],
    ['1,234.56', false, 123456],
    ['-80.00 EUR', false, -8000],
    ['12.50', true, null], // a point where the mapping says comma
    ['12,50', false, null],
    ['zwölf', true, null],
    ['', true, null],
  ])('%s (decimal comma %s) → %s', (text, comma, cents) => {
    expect(csvAmountCents(text, comma)).toBe(cents);
  });
});

describe('parseCsvStatement', () => {
  const mapping: CsvMapping = {
    name: 'Bank',
    delimiter: ',',
    dateColumn: 'Date',
    dateFormat: 'YYYY-MM-DD',
    amountColumn: 'Amount',
    decimalComma: false,
    nameColumn: 'Payer',
    ibanColumn: '',
    textColumns: ['Ref 1', 'Ref 2'],
  };

  it('reads the mapped columns, joins the reference columns and keys identical rows apart', () => {
    const csv =
      '\uFEFFDate,Amount,Payer,Ref 1,Ref 2\n2026-11-27,40.00,Anna,WR-7K3Q9F,-9\n2026-11-27,40.00,Anna,WR-7K3Q9F,-9\n';
    const lines = parseCsvStatement(csv, mapping);
    expect(lines.map(({ dedupeKey: _, ...line }) => line)).toEqual([
      {
        bookedOn: '2026-11-27',
        amountCents: 4000,
        currency: 'EUR',
        counterpartyName: 'Anna',
        counterpartyIban: '',
        remittance: 'WR-7K3Q9F\n-9',
      },
      {
        bookedOn: '2026-11-27',
        amountCents: 4000,
        currency: 'EUR',
        counterpartyName: 'Anna',
        counterpartyIban: '',
        remittance: 'WR-7K3Q9F\n-9',
      },
    ]);
    expect(new Set(lines.map((line) => line.dedupeKey)).size).toBe(2);
    expect(parseCsvStatement(csv, mapping).map((line) => line.dedupeKey)).toEqual(
      lines.map((line) => line.dedupeKey),
    );
  });

  it('refuses a missing column and an impossible date with the German messages', () => {
    expect(() => parseCsvStatement('Date,Amount\n2026-11-27,1.00', mapping)).toThrow(
      'Die Spalte „Payer“ fehlt in der Datei.',
    );
    expect(() => parseCsvStatement('Date,Amount,Payer,Ref 1,Ref 2\n2026-02-31,1.00,A,x,y', mapping)).toThrow(
      'Zeile 2 lässt sich nicht lesen (Datum oder Betrag).',
    );
  });

  it('previews with the delimiter that splits the header best', () => {
    expect(csvPreview('a;b;c\n1;2;3\n')).toEqual({
      delimiter: ';',
      headers: ['a', 'b', 'c'],
      rows: [['1', '2', '3']],
    });
    expect(csvPreview('a\tb\n1\t2\n').delimiter).toBe('\t');
  });
});
