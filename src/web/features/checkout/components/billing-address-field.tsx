import { useId, type HTMLAttributes } from 'react';

export const billingInputClass =
  'h-11 w-full rounded-lg border border-input bg-background px-3 outline-none focus:border-primary focus:ring-2 focus:ring-ring/40 aria-[invalid=true]:border-destructive';

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
  const id = useId();
  return (
    <div className={`flex flex-col gap-1.5 ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        autoComplete={autoComplete}
        inputMode={inputMode}
        required={required}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...(uppercase ? { autoCapitalize: 'characters', spellCheck: false } : {})}
        className={billingInputClass}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
