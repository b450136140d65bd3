import { describe, expect, it } from 'vitest';
import { BANK_IMPORT_MESSAGES, type CsvMapping } from '@shared/bank-statements';
import { readStatement, STATEMENT_MAX_BYTES, STATEMENT_MAX_LINES } from './read-statement';

// The limits of one file (docs/product/bank-transfer.md#hostile-files).

const MAPPING: CsvMapping = {
  name: 'Bank',
  delimiter: ';',
  dateColumn: 'Datum',
  dateFormat: 'DD.MM.YYYY',
  amountColumn: 'Betrag',
  decimalComma: true,
  nameColumn: 'Name',
  ibanColumn: '',
  textColumns: ['Zweck'],
};
const csv = (rows: number) =>
  Buffer.from(
    [
      'Datum;Betrag;Name;Zweck',
      ...Array.from({ length: rows }, (_, i) => `27.11.2026;1,00;N;Zweck ${i}`),
    ].join('\n'),
  );

describe('readStatement', () => {
  it(`reads ${STATEMENT_MAX_LINES} lines and refuses one more`, () => {
    expect(readStatement(csv(STATEMENT_MAX_LINES), MAPPING).lines).toHaveLength(STATEMENT_MAX_LINES);
    expect(() => readStatement(csv(STATEMENT_MAX_LINES + 1), MAPPING)).toThrow(
      BANK_IMPORT_MESSAGES.tooManyLines('20.000'),
    );
  });

  it('refuses more than 20 MB', () => {
    expect(() => readStatement(new Uint8Array(STATEMENT_MAX_BYTES + 1), MAPPING)).toThrow(
      BANK_IMPORT_MESSAGES.tooLarge,
    );
  });
});
