import { useId, type ReactNode } from 'react';

export const inputClass =
  'h-11 w-full rounded-lg border border-input bg-background px-3 text-foreground outline-none focus:border-primary focus:ring-2 focus:ring-ring/40 aria-[invalid=true]:border-destructive disabled:opacity-60 [&:read-only:not(select)]:bg-muted';
export const textareaClass = inputClass.replace('h-11', 'min-h-40 py-2 leading-relaxed');
export const sectionClass = 'rounded-2xl border border-border bg-card p-5 text-card-foreground sm:p-6';

/** What a control needs to be labelled and described by its field. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled control with its hint and inline error. */
export function FormField({ label, required, error, hint, className = '', children }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required && (
          <span className="text-destructive" aria-hidden>
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label to the right and an optional hint below. */
export function CheckboxField(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        className="mt-0.5 h-4 w-4 accent-primary"
      />
      <div className="flex flex-col">
        <label htmlFor={id} className="text-sm font-medium">
          {props.label}
        </label>
        {props.hint && (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {props.hint}
          </p>
        )}
      </div>
    </div>
  );
}
