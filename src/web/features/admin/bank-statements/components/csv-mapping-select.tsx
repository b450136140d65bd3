import { CSV_MESSAGES, type CsvMapping } from '@shared/bank-statements';
import { labelClass } from '@web/features/admin/kit/admin-styles';
import { CSV_MAPPINGS_ANCHOR } from './csv-mappings-section';
import { Select } from '@web/components/ui/input';
import { ErrorText } from '@web/components/ui/error-text';

const ID = 'statement-mapping';

/**
 * 'Spaltenzuordnung (nur für CSV)' of the upload (docs/product/bank-transfer.md#csv): '—' or a saved mapping
 * by name. `hint`: a CSV is chosen (or was refused) without one; `error`: the refusal, at this field.
 */
export function CsvMappingSelect({
  mappings,
  value,
  hint,
  error,
  onChange,
}: {
  mappings: readonly CsvMapping[];
  value: string;
  hint: boolean;
  error: string | null;
  onChange: (name: string) => void;
}) {
  const describedBy = [error && `${ID}-error`, hint && `${ID}-hint`].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={ID} className={labelClass}>
        Spaltenzuordnung (nur für CSV)
      </label>
      <Select
        size="sm"
        id={ID}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
        className="sm:max-w-sm"
      >
        <option value="">—</option>
        {mappings.map((mapping) => (
          <option key={mapping.name} value={mapping.name}>
            {mapping.name}
          </option>
        ))}
      </Select>
      {error && <ErrorText id={`${ID}-error`}>{error}</ErrorText>}
      {hint && (
        <p id={`${ID}-hint`} className="text-sm text-muted-foreground">
          {/* the refusal above already says it */}
          {error !== CSV_MESSAGES.mappingMissing && `${CSV_MESSAGES.mappingMissing} `}
          <a
            href={`#${CSV_MAPPINGS_ANCHOR}`}
            className="font-medium text-primary underline underline-offset-2"
          >
            {mappings.length === 0 ? 'Spaltenzuordnung anlegen' : 'Neue Spaltenzuordnung anlegen'}
          </a>
        </p>
      )}
    </div>
  );
}
