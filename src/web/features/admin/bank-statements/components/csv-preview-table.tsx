import type { CsvPreview } from '@shared/bank-statements';
import { formatCount } from '@web/lib/format';

const DELIMITER_NAMES: Record<CsvPreview['delimiter'], string> = {
  ';': 'Semikolon',
  ',': 'Komma',
  '\t': 'Tabulator',
};

/**
 * The sample's header and first rows, to map the columns from (docs/product/bank-transfer.md#csv); it scrolls
 * sideways on its own, so a wide export does not widen the page on a phone.
 */
export function CsvPreviewTable({ preview }: { preview: CsvPreview }) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-left text-xs">
          <caption className="sr-only">Vorschau der Beispieldatei</caption>
          <thead className="bg-muted text-muted-foreground">
            <tr>
              {preview.headers.map((header, column) => (
                <th key={column} scope="col" className="whitespace-nowrap px-2 py-1.5 font-medium">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, index) => (
              <tr key={index} className="border-t border-border">
                {preview.headers.map((_, column) => (
                  <td key={column} className="max-w-48 truncate whitespace-nowrap px-2 py-1.5">
                    {row[column] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">
        Trennzeichen: {DELIMITER_NAMES[preview.delimiter]} ·{' '}
        {preview.rows.length === 1
          ? 'die erste Zeile'
          : `die ersten ${formatCount(preview.rows.length)} Zeilen`}
      </p>
    </div>
  );
}
