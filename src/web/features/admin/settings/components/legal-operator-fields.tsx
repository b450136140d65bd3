import type { ReactNode } from 'react';
import { CONFORMITY_KEYS, CONFORMITY_LEVELS } from '@shared/accessibility';
import { LEGAL_SETTINGS_LABELS, type LegalSettings, type LegalSettingsField } from '@shared/legal-settings';
import { LEGAL_FORMS, LEGAL_FORM_KEYS } from '@shared/operator-data';
import { labelClass } from '@web/features/admin/kit/admin-styles';
import { Input, Select, Textarea } from '@web/components/ui/input';
import { ErrorText } from '@web/components/ui/error-text';

/** The choices of the card's two selects: the legal form and the statement's level of conformity. */
const SELECT_OPTIONS: Partial<Record<LegalSettingsField, { value: string; label: string }[]>> = {
  legalForm: LEGAL_FORM_KEYS.map((key) => ({ value: key, label: LEGAL_FORMS[key].label })),
  accessibilityConformity: CONFORMITY_KEYS.map((key) => ({
    value: key,
    label: CONFORMITY_LEVELS[key].label,
  })),
};

/** What every field of the card 'Rechtliches & Betreiber' needs from the form. */
export interface LegalFormState {
  values: LegalSettings;
  errors: Partial<Record<LegalSettingsField, string>>;
  required: ReadonlySet<LegalSettingsField>;
  set: (field: LegalSettingsField, value: string) => void;
}

export const legalInputId = (field: LegalSettingsField) => `legal-${field}`;

/** A group of fields with its legend. */
export function LegalGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-muted-foreground">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** One labelled input: required fields carry a star, a hint and an error are read with the field. */
export function LegalInput({
  form,
  field,
  type = 'text',
  hint,
  wide = false,
  rows,
  placeholder,
}: {
  form: LegalFormState;
  field: LegalSettingsField;
  type?: 'text' | 'email' | 'tel' | 'date';
  hint?: string;
  wide?: boolean;
  /** A text of several lines (one entry per line), this many lines high. */
  rows?: number;
  /** Shown while empty: what an empty field stands for. */
  placeholder?: string;
}) {
  const id = legalInputId(field);
  const error = form.errors[field];
  const required = form.required.has(field);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const options = SELECT_OPTIONS[field];
  const shared = {
    id,
    value: form.values[field],
    'aria-required': required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    placeholder,
  };
  return (
    <div className={`flex flex-col gap-1.5 ${wide ? 'sm:col-span-2' : ''}`}>
      <label htmlFor={id} className={labelClass}>
        {LEGAL_SETTINGS_LABELS[field]}
        {required ? <span aria-hidden> *</span> : null}
      </label>
      {options ? (
        <Select size="sm" {...shared} onChange={(event) => form.set(field, event.target.value)}>
          <option value="">Bitte wählen</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      ) : rows ? (
        <Textarea
          size="sm"
          {...shared}
          rows={rows}
          onChange={(event) => form.set(field, event.target.value)}
        />
      ) : (
        <Input size="sm" {...shared} type={type} onChange={(event) => form.set(field, event.target.value)} />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <ErrorText id={`${id}-error`} alert={false} size="xs">
          {error}
        </ErrorText>
      ) : null}
    </div>
  );
}
