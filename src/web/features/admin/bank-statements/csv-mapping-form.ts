import { csvMappingsSchema } from '@shared/admin-settings';
import { CSV_MESSAGES, type CsvMapping, type CsvPreview } from '@shared/bank-statements';

/** The editor's fields; the delimiter is none of them (it comes from the sample's preview). */
export type CsvField =
  'name' | 'dateColumn' | 'dateFormat' | 'amountColumn' | 'nameColumn' | 'ibanColumn' | 'textColumns';
export type CsvFieldErrors = Partial<Record<CsvField, string>>;

// no spec text for a second mapping of the same name: the upload picks a mapping by its name

export const NEW_MAPPING: CsvMapping = {
  name: '',
  delimiter: ';',
  dateColumn: '',
  dateFormat: 'DD.MM.YYYY',
  amountColumn: '',
  decimalComma: true,
  nameColumn: '',
  ibanColumn: '',
  textColumns: [],
};

const FIELDS: readonly string[] = [
  'name',
  'dateColumn',
  'dateFormat',
  'amountColumn',
  'nameColumn',
  'ibanColumn',
  'textColumns',
] satisfies CsvField[];

/** The columns to choose from: the sample's header, else (a saved mapping, no sample yet) those it names. */
export function columnsOf(mapping: CsvMapping, preview: CsvPreview | null): string[] {
  if (preview) return preview.headers;
  const named = [mapping.dateColumn, mapping.amountColumn, mapping.nameColumn, mapping.ibanColumn];
  return [...new Set([...named, ...mapping.textColumns].filter(Boolean))];
}

/** A new sample: its delimiter, and no chosen column the file lacks. */
export function withPreview(mapping: CsvMapping, preview: CsvPreview): CsvMapping {
  const known = (column: string) => (preview.headers.includes(column) ? column : '');
  return {
    ...mapping,
    delimiter: preview.delimiter,
    dateColumn: known(mapping.dateColumn),
    amountColumn: known(mapping.amountColumn),
    nameColumn: known(mapping.nameColumn),
    ibanColumn: known(mapping.ibanColumn),
    textColumns: mapping.textColumns.filter((column) => preview.headers.includes(column)),
  };
}

/** The first message per field of the mapping at `index`: zod's issues here, a 422's details from the server. */
export function fieldErrorsAt(
  issues: readonly { path?: unknown; message?: unknown }[],
  index: number,
): CsvFieldErrors {
  const errors: CsvFieldErrors = {};
  for (const issue of issues) {
    const path = Array.isArray(issue.path) ? issue.path.map(String) : String(issue.path).split('.');
    const [list, at, field] = path;
    if (list !== 'mappings' || Number(at) !== index || !field || !FIELDS.includes(field)) continue;
    if (typeof issue.message === 'string') errors[field as CsvField] ??= issue.message;
  }
  return errors;
}

/**
 * The whole list to save (docs/product/bank-transfer.md#csv): `mapping` in place of the one named
 * `original`, or added at the end; checked with the server's schema first.
 */
export function listToSave(
  saved: readonly CsvMapping[],
  original: string | null,
  mapping: CsvMapping,
): { mappings: CsvMapping[]; index: number } | { errors: CsvFieldErrors } {
  const found = original === null ? -1 : saved.findIndex((each) => each.name === original);
  const index = found === -1 ? saved.length : found;
  const mappings = [...saved];
  mappings[index] = mapping;
  const parsed = csvMappingsSchema.safeParse({ mappings });
  if (!parsed.success) return { errors: fieldErrorsAt(parsed.error.issues, index) };
  const name = parsed.data.mappings[index]!.name.toLocaleLowerCase('de-DE');
  const twice = parsed.data.mappings.some(
    (each, at) => at !== index && each.name.toLocaleLowerCase('de-DE') === name,
  );
  if (twice) return { errors: { name: CSV_MESSAGES.duplicateName } };
  return { mappings: parsed.data.mappings, index };
}
