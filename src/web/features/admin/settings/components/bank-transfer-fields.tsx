import { labelClass } from '@web/features/admin/kit/admin-styles';
import { Input } from '@web/components/ui/input';
import { ErrorText } from '@web/components/ui/error-text';

/** The card's form values: the number of days as typed, the IBAN as typed (spaces allowed). */
export interface BankTransferForm {
  enabled: boolean;
  accountHolder: string;
  iban: string;
  bic: string;
  minDaysBeforeStart: string;
}
export type BankTransferField = keyof BankTransferForm;

type Errors = Partial<Record<BankTransferField, string>>;

/** The fields of card 'Überweisung (Vorkasse)' (docs/product/bank-transfer.md#settings). */
export function BankTransferFields({
  values,
  errors,
  onChange,
}: {
  values: BankTransferForm;
  errors: Errors;
  onChange: <Field extends BankTransferField>(field: Field, value: BankTransferForm[Field]) => void;
}) {
  return (
    <>
      <button
        type="button"
        role="switch"
        id="bank-transfer-enabled"
        aria-checked={values.enabled}
        onClick={() => onChange('enabled', !values.enabled)}
        className="inline-flex items-center gap-3 self-start rounded-full text-sm font-medium"
      >
        <span
          aria-hidden
          className={`relative inline-flex h-6 w-11 shrink-0 rounded-full border border-input transition-colors ${values.enabled ? 'bg-primary' : 'bg-muted'}`}
        >
          <span
            className={`absolute top-0.5 h-4.5 w-4.5 rounded-full shadow transition-transform ${values.enabled ? 'translate-x-5.5 bg-background' : 'translate-x-0.5 bg-muted-foreground'}`}
          />
        </span>
        Überweisung anbieten
      </button>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          field="accountHolder"
          label="Kontoinhaber"
          value={values.accountHolder}
          error={errors.accountHolder}
          onChange={onChange}
          autoComplete="organization"
          maxLength={70}
          wide
        />
        <TextField
          field="iban"
          label="IBAN"
          value={values.iban}
          error={errors.iban}
          onChange={onChange}
          mono
          hint="Z. B. DE89 3704 0044 0532 0130 00"
        />
        <TextField
          field="bic"
          label="BIC"
          value={values.bic}
          error={errors.bic}
          onChange={onChange}
          mono
          hint="Optional; steht dann im GiroCode."
        />
        <TextField
          field="minDaysBeforeStart"
          label="Angeboten bis … Tage vor Beginn"
          value={values.minDaysBeforeStart}
          error={errors.minDaysBeforeStart}
          onChange={onChange}
          type="number"
          hint="Überweisung gibt es nur, solange das Event mindestens so viele Tage entfernt ist (8 bis 365)."
        />
      </div>
    </>
  );
}

function TextField({
  field,
  label,
  value,
  error,
  onChange,
  type = 'text',
  hint,
  mono = false,
  wide = false,
  autoComplete = 'off',
  maxLength,
}: {
  field: Exclude<BankTransferField, 'enabled'>;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (field: Exclude<BankTransferField, 'enabled'>, value: string) => void;
  type?: 'text' | 'number';
  hint?: string;
  mono?: boolean;
  wide?: boolean;
  autoComplete?: string;
  maxLength?: number;
}) {
  const id = `bank-transfer-${field}`;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`flex flex-col gap-1.5 ${wide ? 'sm:col-span-2' : ''}`}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <Input
        size="sm"
        id={id}
        type={type}
        value={value}
        {...(type === 'number' ? { min: 8, max: 365, step: 1, inputMode: 'numeric' as const } : {})}
        maxLength={maxLength}
        autoComplete={autoComplete}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(field, event.target.value)}
        className={`${mono ? 'font-mono' : ''} ${type === 'number' ? 'sm:max-w-[10rem]' : ''}`}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <ErrorText id={`${id}-error`} alert={false} size="xs">
          {error}
        </ErrorText>
      )}
    </div>
  );
}
