// The CSV files the admin downloads (docs/product/admin.md#csv-export): semicolons, because German Excel
// splits on them; a BOM, so it reads UTF-8.
const SEPARATOR = ';';
const LINE_END = '\r\n';
export const CSV_BOM = '\uFEFF';

/**
 * One CSV field (RFC 4180 quoting). Text starting with = + - @ (or a tab or CR) is prefixed with ' so a
 * spreadsheet shows it instead of running it as a formula (OWASP 'CSV injection').
 */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  if (/[";,\r\n]/.test(text) || /^\s|\s$/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** '49,00' – cents as a German decimal number a spreadsheet reads as such. */
export const csvEuros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

export const csvLine = (cells: (string | null | undefined)[]) =>
  cells.map(csvCell).join(SEPARATOR) + LINE_END;
