import { createContext, useContext, useId, type ReactNode } from 'react';
import { ErrorText } from './error-text';

// A labelled control with its hint and error (docs/decisions/053-form-primitives.md). The field owns the ids;
// its control (Input, Select, Textarea, NumberField, or any element given the props of a render function)
// gets `id`, `aria-describedby` (error, then hint), `aria-invalid` and `aria-required` from it.

/** What a control needs to be labelled and described by its field. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

const FieldContext = createContext<FieldControlProps | null>(null);

/** The ids the field gives its error and hint paragraphs. */
export const fieldErrorId = (controlId: string) => `${controlId}-error`;
export const fieldHintId = (controlId: string) => `${controlId}-hint`;

type OwnAria = {
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
  'aria-describedby'?: string;
  'aria-required'?: boolean | 'true' | 'false';
};

/**
 * The wiring of the surrounding `Field`, merged with the control's own: its own id and aria-invalid win, its own
 * aria-describedby is kept after the field's. Outside a field, the control's own attributes alone.
 */
export function useFieldControl(own: OwnAria): OwnAria {
  const field = useContext(FieldContext);
  if (!field) return {};
  const describedBy = [field['aria-describedby'], own['aria-describedby']].filter(Boolean).join(' ');
  return {
    id: own.id ?? field.id,
    'aria-invalid': own['aria-invalid'] ?? field['aria-invalid'],
    'aria-describedby': describedBy || undefined,
    'aria-required': own['aria-required'] ?? field['aria-required'],
  };
}

export interface FieldProps {
  label: ReactNode;
  /** The control's id (default: a generated one); the error is `{id}-error`, the hint `{id}-hint`. */
  id?: string;
  hint?: ReactNode;
  /** Shown under the control and ties it as invalid; nothing while empty. */
  error?: string | null;
  /** The error paragraph is an alert (announced when it appears); off where the form focuses the field. */
  errorAlert?: boolean;
  /** Shows the hint only while there is no error (the error takes its place). */
  hintUntilError?: boolean;
  /** Marks the label with a red '*' and the control with aria-required. */
  required?: boolean;
  /** Beside the label on its right, e.g. the autosave's 'Gespeichert' (saved-status.tsx). */
  labelAside?: ReactNode;
  /** Smaller label, hint and error, for a field nested in a list (a choice's amount, a table row). */
  compact?: boolean;
  className?: string;
  /** The control; a function gets the wiring as props, for a control that is not one of ours. */
  children: ReactNode | ((control: FieldControlProps) => ReactNode);
}

/** A label, the control, its error and its hint, wired together (see the top of this file). */
export function Field({
  label,
  id: givenId,
  hint,
  error,
  errorAlert = false,
  hintUntilError = false,
  required = false,
  labelAside,
  compact = false,
  className = '',
  children,
}: FieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const showHint = hint != null && hint !== false && !(hintUntilError && error);
  const errorId = error ? fieldErrorId(id) : undefined;
  const hintId = showHint ? fieldHintId(id) : undefined;
  const control: FieldControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
    'aria-required': required ? true : undefined,
  };
  const labelElement = (
    <label htmlFor={id} className={compact ? 'text-xs font-medium' : 'text-sm font-medium'}>
      {label}
      {required && (
        <span className="text-destructive" aria-hidden>
          {' '}
          *
        </span>
      )}
    </label>
  );
  return (
    <div className={`flex flex-col ${compact ? 'gap-1' : 'gap-1.5'} ${className}`.trim()}>
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      <FieldContext.Provider value={control}>
        {typeof children === 'function' ? children(control) : children}
      </FieldContext.Provider>
      {error && (
        <ErrorText id={errorId} alert={errorAlert} size={compact ? 'xs' : 'sm'}>
          {error}
        </ErrorText>
      )}
      {showHint && (
        <p id={hintId} className={`${compact ? 'text-xs' : 'text-sm'} text-muted-foreground`}>
          {hint}
        </p>
      )}
    </div>
  );
}
