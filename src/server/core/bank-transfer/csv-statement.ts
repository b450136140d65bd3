import { parse } from 'csv-parse/sync';
import {
  BANK_IMPORT_MESSAGES,
  CSV_MESSAGES,
  type CsvMapping,
  type CsvPreview,
} from '@shared/bank-statements';
import { AppError } from '../app-error';
import { checkLines, decode, lineError, withKeys, type RawLine, type StatementLine } from './statements';

// CSV statements (docs/product/bank-transfer.md#csv): what a bank's CSV export means is the admin's mapping of its
// columns, saved per bank; parsing is csv-parse's. A row whose date or amount cannot be read stops the import
// with its row number (never a 0 € line: pretix #5168 mailed customers about such lines). A column headed
// 'Währung' (as German banks name it) says each row's currency (docs/product/bank-transfer.md#currency).

const DELIMITERS: CsvMapping['delimiter'][] = [';', ',', '\t'];

function rowsOf(text: string, delimiter: string): string[][] {
  try {
    return parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
    });
  } catch {
    throw new AppError('validation_failed', 'Die CSV-Datei lässt sich nicht lesen.');
  }
}

/** The header row and the first rows, with the delimiter that splits the header best. */
export function csvPreview(content: Uint8Array | string, rows = 5): CsvPreview {
  const text = decode(content);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = DELIMITERS.reduce((best, candidate) =>
    firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best,
  );
  const all = rowsOf(text, delimiter);
  if (all.length < 2) throw new AppError('validation_failed', 'Die CSV-Datei hat keine Zeilen.');
  return { delimiter, headers: all[0]!, rows: all.slice(1, 1 + rows) };
}

/** '1.234,56' / '-1.234,56' / '1,234.56' / '+12,00 €' → cents, from the digits. */
export function csvAmountCents(text: string, decimalComma: boolean): number | null {
  const cleaned = text.replace(/[\s€]|EUR/g, '');
  const match = /^([+-]?)(\d{1,3}(?:[.,]\d{3})*|\d+)(?:([.,])(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const [, sign, whole, separator, fraction] = match;
  if (separator && (separator === ',') !== decimalComma) return null;
  const digits = whole!.replace(/[.,]/g, '');
  const cents = Number(digits) * 100 + Number((fraction ?? '').padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

function csvDate(text: string, format: CsvMapping['dateFormat']): string | null {
  const value = text.trim();
  const match =
    format === 'YYYY-MM-DD'
      ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)?.slice(1)
      : format === 'DD.MM.YYYY'
        ? /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value)?.slice(1).reverse()
        : /^(\d{2})\.(\d{2})\.(\d{2})$/
            .exec(value)
            ?.slice(1)
            .reverse()
            .map((part, i) => (i === 0 ? `20${part}` : part));
  if (!match) return null;
  const [year, month, day] = match;
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(day) ? null : `${year}-${month}-${day}`;
}

/** The headers German and international bank exports give the currency column. */
const CURRENCY_HEADER = /^(?:w(?:ä|ae|a)hrung(?:scode)?|wkz|currency|ccy)$/i;

/** 'EUR', 'eur', '€', 'Euro' → 'EUR'; '' → the account's (EUR); null: no currency. */
function csvCurrency(text: string): string | null {
  const value = text.trim().toUpperCase();
  if (value === '' || value === '€' || value === 'EURO') return 'EUR';
  return /^[A-Z]{3}$/.test(value) ? value : null;
}

/** The statement lines of a CSV export read with `mapping`. */
export function parseCsvStatement(content: Uint8Array | string, mapping: CsvMapping): StatementLine[] {
  const [headers, ...rows] = rowsOf(decode(content), mapping.delimiter);
  if (!headers) throw new AppError('validation_failed', 'Die CSV-Datei hat keine Zeilen.');
  const column = (name: string) => {
    const index = headers.findIndex((header) => header.trim() === name.trim());
    if (index < 0) throw new AppError('validation_failed', CSV_MESSAGES.columnMissing(name));
    return index;
  };
  const date = column(mapping.dateColumn);
  const amount = column(mapping.amountColumn);
  const name = column(mapping.nameColumn);
  const iban = mapping.ibanColumn ? column(mapping.ibanColumn) : -1;
  const texts = mapping.textColumns.map(column);
  const currencyColumn = headers.findIndex((header) => CURRENCY_HEADER.test(header.trim()));
  // row numbers as the admin sees them in a spreadsheet: the header is row 1
  const rowNumber = (index: number) => index + 2;
  const lines: RawLine[] = rows.map((row, index) => {
    const bookedOn = csvDate(row[date] ?? '', mapping.dateFormat);
    const amountCents = csvAmountCents(row[amount] ?? '', mapping.decimalComma);
    if (!bookedOn || amountCents === null)
      throw new AppError('validation_failed', CSV_MESSAGES.badRow(rowNumber(index)));
    const currency = currencyColumn >= 0 ? csvCurrency(row[currencyColumn] ?? '') : 'EUR';
    if (!currency) throw lineError(rowNumber(index), BANK_IMPORT_MESSAGES.currencyInvalid);
    return {
      account: `csv:${mapping.name}`,
      bankReference: '',
      bookedOn,
      amountCents,
      currency,
      counterpartyName: row[name] ?? '',
      counterpartyIban: iban >= 0 ? (row[iban] ?? '').replace(/\s+/g, '').toUpperCase() : '',
      remittance: texts
        .map((i) => row[i] ?? '')
        .filter(Boolean)
        .join('\n'),
    };
  });
  return withKeys(checkLines(lines, rowNumber));
}
