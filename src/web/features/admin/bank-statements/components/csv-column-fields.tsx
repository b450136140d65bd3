import { useId } from 'react';
import { CSV_DATE_FORMATS, type CsvDateFormat, type CsvMapping } from '@shared/bank-statements';
import { checkboxClass } from '@web/features/admin/kit/admin-styles';
import { Field } from '@web/components/ui/field';
import type { CsvFieldErrors } from '../csv-mapping-form';
import { Select } from '@web/components/ui/input';
import { ErrorText } from '@web/components/ui/error-text';

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
    <Field label={label} error={errors[field]}>
      {(control) => (
        <Select
          size="sm"
          {...control}
          value={mapping[field]}
          onChange={(event) => onChange({ [field]: event.target.value })}
        >
          <option value="">{field === 'ibanColumn' ? '—' : 'Spalte wählen'}</option>
          {columns.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {column('dateColumn', 'Datum')}
      <Field label="Datumsformat" error={errors.dateFormat}>
        {(control) => (
          <Select
            size="sm"
            {...control}
            value={mapping.dateFormat}
            onChange={(event) => onChange({ dateFormat: event.target.value as CsvDateFormat })}
          >
            {CSV_DATE_FORMATS.map((format) => (
              <option key={format} value={format}>
                {DATE_FORMAT_LABELS[format]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {column('amountColumn', 'Betrag')}
      <Field label="Dezimaltrennzeichen">
        {(control) => (
          <Select
            size="sm"
            {...control}
            value={mapping.decimalComma ? 'comma' : 'point'}
            onChange={(event) => onChange({ decimalComma: event.target.value === 'comma' })}
          >
            <option value="comma">Komma (1.234,56)</option>
            <option value="point">Punkt (1,234.56)</option>
          </Select>
        )}
      </Field>
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
        <ErrorText id={`${id}-error`} alert={false}>
          {error}
        </ErrorText>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Eine oder mehrere Spalten; in ihrem Text wird die Zahlungsreferenz gesucht.
        </p>
      )}
    </fieldset>
  );
}
