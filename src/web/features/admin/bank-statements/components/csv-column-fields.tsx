import { useId } from 'react';
import { CSV_DATE_FORMATS, type CsvDateFormat, type CsvMapping } from '@shared/bank-statements';
import { checkboxClass, selectClass } from '@web/features/admin/kit/admin-styles';
import { FormField } from '@web/features/admin/kit/form-field';
import type { CsvFieldErrors } from '../csv-mapping-form';

const DATE_FORMAT_LABELS: Record<CsvDateFormat, string> = {
  'DD.MM.YYYY': 'TT.MM.JJJJ (27.11.2026)',
  'DD.MM.YY': 'TT.MM.JJ (27.11.26)',
  'YYYY-MM-DD': 'JJJJ-MM-TT (2026-11-27)',
};

interface Props {
  mapping: CsvMapping;
  columns: readonly string[];
  errors: CsvFieldErrors;
  onChange: (change: Partial<CsvMapping>) => void;
}

/** Which column holds what (docs/product/bank-transfer.md#csv): 'Datum', 'Betrag', 'Name', 'IBAN', 'Verwendungszweck'. */
export function CsvColumnFields({ mapping, columns, errors, onChange }: Props) {
  const column = (field: 'dateColumn' | 'amountColumn' | 'nameColumn' | 'ibanColumn', label: string) => (
    <FormField label={label} error={errors[field]}>
      {(control) => (
        <select
          {...control}
          value={mapping[field]}
          onChange={(event) => onChange({ [field]: event.target.value })}
          className={selectClass}
        >
          <option value="">{field === 'ibanColumn' ? '—' : 'Spalte wählen'}</option>
          {columns.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {column('dateColumn', 'Datum')}
      <FormField label="Datumsformat" error={errors.dateFormat}>
        {(control) => (
          <select
            {...control}
            value={mapping.dateFormat}
            onChange={(event) => onChange({ dateFormat: event.target.value as CsvDateFormat })}
            className={selectClass}
          >
            {CSV_DATE_FORMATS.map((format) => (
              <option key={format} value={format}>
                {DATE_FORMAT_LABELS[format]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {column('amountColumn', 'Betrag')}
      <FormField label="Dezimaltrennzeichen">
        {(control) => (
          <select
            {...control}
            value={mapping.decimalComma ? 'comma' : 'point'}
            onChange={(event) => onChange({ decimalComma: event.target.value === 'comma' })}
            className={selectClass}
          >
            <option value="comma">Komma (1.234,56)</option>
            <option value="point">Punkt (1,234.56)</option>
          </select>
        )}
      </FormField>
      {column('nameColumn', 'Name')}
      {column('ibanColumn', 'IBAN')}
      <TextColumns mapping={mapping} columns={columns} error={errors.textColumns} onChange={onChange} />
    </div>
  );
}

/** 'Verwendungszweck': one or more columns, joined in the file's order. */
function TextColumns({
  mapping,
  columns,
  error,
  onChange,
}: Omit<Props, 'errors'> & { error: string | undefined }) {
  const id = useId();
  const toggle = (name: string, checked: boolean) =>
    onChange({
      textColumns: columns.filter((each) => (each === name ? checked : mapping.textColumns.includes(each))),
    });
  return (
    <fieldset
      className="flex flex-col gap-2 sm:col-span-2"
      aria-describedby={error ? `${id}-error` : `${id}-hint`}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium">Verwendungszweck</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {columns.map((name) => (
          <label key={name} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={mapping.textColumns.includes(name)}
              onChange={(event) => toggle(name, event.target.checked)}
              className={checkboxClass}
            />
            {name}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Eine oder mehrere Spalten; in ihrem Text wird die Zahlungsreferenz gesucht.
        </p>
      )}
    </fieldset>
  );
}
