import type { ReactNode } from 'react';
import { LEGAL_SETTINGS_LABELS, type LegalSettings, type LegalSettingsField } from '@shared/legal-settings';
import { LEGAL_FORMS, LEGAL_FORM_KEYS } from '@shared/operator-data';
import { inputClass, labelClass, selectClass } from '../../admin-styles';

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
}: {
  form: LegalFormState;
  field: LegalSettingsField;
  type?: 'text' | 'email' | 'tel';
  hint?: string;
  wide?: boolean;
}) {
  const id = legalInputId(field);
  const error = form.errors[field];
  const required = form.required.has(field);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`flex flex-col gap-1.5 ${wide ? 'sm:col-span-2' : ''}`}>
      <label htmlFor={id} className={labelClass}>
        {LEGAL_SETTINGS_LABELS[field]}
        {required ? <span aria-hidden> *</span> : null}
      </label>
      {field === 'legalForm' ? (
        <select
          id={id}
          value={form.values.legalForm}
          onChange={(event) => form.set(field, event.target.value)}
          aria-required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={selectClass}
        >
          <option value="">Bitte wählen</option>
          {LEGAL_FORM_KEYS.map((key) => (
            <option key={key} value={key}>
              {LEGAL_FORMS[key].label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type={type}
          value={form.values[field]}
          onChange={(event) => form.set(field, event.target.value)}
          aria-required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={inputClass}
        />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
