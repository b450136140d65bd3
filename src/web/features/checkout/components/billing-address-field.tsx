import type { HTMLAttributes } from 'react';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';

/**
 * One text field of the 'Rechnungsadresse' (docs/product/invoices.md#billing-address), with its message
 * announced and tied to the input as the order page's other fields do (holder-name-field.tsx).
 */
export function BillingAddressField({
  label,
  value,
  onChange,
  error,
  required = false,
  autoComplete,
  inputMode,
  maxLength = 200,
  name,
  className,
  uppercase = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  required?: boolean;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  /** The field's key, for the focus after a refused order and for tests. */
  name: string;
  className?: string;
  /** Codes (the USt-IdNr.): capitals on phone keyboards, no spell check. */
  uppercase?: boolean;
}) {
  return (
    <Field label={label} error={error} errorAlert className={className}>
      <Input
        name={name}
        autoComplete={autoComplete}
        inputMode={inputMode}
        required={required}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...(uppercase ? { autoCapitalize: 'characters', spellCheck: false } : {})}
      />
    </Field>
  );
}
