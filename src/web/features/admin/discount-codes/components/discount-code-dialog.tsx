import { useState } from 'react';
import {
  DISCOUNT_CODE_ADMIN_MESSAGES as M,
  type AdminDiscountCode,
  type DiscountCodeFormOptions,
} from '@shared/discount-code-schemas';
import type { DiscountCodeKind } from '@shared/discount-codes';
import { DialogActions } from '@web/components/ui/dialog-actions';
import { ErrorText } from '@web/components/ui/error-text';
import { Field } from '@web/components/ui/field';
import { Form } from '@web/components/ui/form';
import { FormDialog } from '@web/components/ui/form-dialog';
import { Input, Select, Textarea } from '@web/components/ui/input';
import { formatDateTimeShort } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { CheckboxField } from '@web/features/admin/kit/form-field';
import { useDiscountCodeOptions } from '../api/get-discount-code-options';
import { useCreateDiscountCode, useUpdateDiscountCode } from '../api/save-discount-code';
import {
  checkCode,
  EMPTY_CODE_VALUES,
  serverCodeErrors,
  valuesOf,
  type CodeErrors,
  type DiscountCodeValues,
} from '../discount-code-form-values';

/** What the dialog edits: a stored code, or a new one. */
export type CodeEditing = { kind: 'edit'; code: AdminDiscountCode } | { kind: 'create' };

const KIND_LABELS: Record<DiscountCodeKind, string> = {
  percent: 'Prozent-Rabatt',
  fixed: 'Fester Betrag',
  unlock: 'Nur Tickets freischalten',
};
const SAVE_FAILED = 'Der Gutscheincode konnte nicht gespeichert werden.';
const CHECK_INPUT = 'Bitte Eingaben prüfen.';

/** 'Gutscheincode anlegen' / 'bearbeiten' (docs/product/ticket-categories.md#codes). */
export function DiscountCodeDialog({
  editing,
  onClose,
}: {
  editing: CodeEditing | null;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog
      open={editing !== null}
      onClose={() => !busy && onClose()}
      width="2xl"
      title={
        editing?.kind === 'edit' ? `Gutscheincode ${editing.code.code} bearbeiten` : 'Neuer Gutscheincode'
      }
      description="Käufer geben den Code an der Kasse ein. Ohne Auswahl gilt er für alle Events und Ticketarten."
    >
      {editing && <CodeForm editing={editing} onBusy={setBusy} onClose={onClose} />}
    </FormDialog>
  );
}

function CodeForm({
  editing,
  onBusy,
  onClose,
}: {
  editing: CodeEditing;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState<DiscountCodeValues>(() =>
    editing.kind === 'edit' ? valuesOf(editing.code) : EMPTY_CODE_VALUES,
  );
  const [errors, setErrors] = useState<CodeErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const options = useDiscountCodeOptions();
  const create = useCreateDiscountCode();
  const update = useUpdateDiscountCode();
  const saving = create.isPending || update.isPending;

  const set = <K extends keyof DiscountCodeValues>(key: K, value: DiscountCodeValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const refuse = (fieldErrors: CodeErrors, message: string | null) => {
    setErrors(fieldErrors);
    setFormError(message);
  };

  const save = async () => {
    const checked = checkCode(values);
    if (!checked.ok) return refuse(checked.errors, CHECK_INPUT);
    refuse({}, null);
    onBusy(true);
    try {
      if (editing.kind === 'edit') await update.mutateAsync({ id: editing.code.id, input: checked.input });
      else await create.mutateAsync(checked.input);
      toast.success(M.saved);
      onBusy(false);
      onClose();
    } catch (failure) {
      onBusy(false);
      const fieldErrors = serverCodeErrors(failure);
      refuse(fieldErrors ?? {}, fieldErrors ? CHECK_INPUT : messageOf(failure, SAVE_FAILED));
    }
  };

  return (
    <Form onSubmit={save} className="mt-4 flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Code"
          required
          error={errors.code}
          hint="Buchstaben, Ziffern, - und _; Groß-/Kleinschreibung egal."
        >
          <Input
            size="sm"
            value={values.code}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => set('code', e.target.value.toUpperCase())}
          />
        </Field>
        <Field label="Art" error={errors.kind}>
          <Select
            size="sm"
            value={values.kind}
            onChange={(e) => set('kind', e.target.value as DiscountCodeKind)}
          >
            {(Object.keys(KIND_LABELS) as DiscountCodeKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </Select>
        </Field>
        {values.kind !== 'unlock' && (
          <Field
            label={values.kind === 'percent' ? 'Rabatt in %' : 'Rabatt in €'}
            required
            error={errors.value}
          >
            <Input
              size="sm"
              inputMode={values.kind === 'percent' ? 'numeric' : 'decimal'}
              value={values.amount}
              onChange={(e) => set('amount', e.target.value)}
            />
          </Field>
        )}
      </div>

      <ScopeFields
        values={values}
        errors={errors}
        options={options.data}
        loadFailed={options.isError}
        onChange={(eventIds, categoryIds) => setValues((current) => ({ ...current, eventIds, categoryIds }))}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Einlösungen insgesamt" error={errors.maxUses} hint="Leer: unbegrenzt.">
          <Input
            size="sm"
            inputMode="numeric"
            value={values.maxUses}
            onChange={(e) => set('maxUses', e.target.value)}
          />
        </Field>
        <Field label="Einlösungen pro Person" error={errors.maxPerBuyer} hint="Leer: unbegrenzt.">
          <Input
            size="sm"
            inputMode="numeric"
            value={values.maxPerBuyer}
            onChange={(e) => set('maxPerBuyer', e.target.value)}
          />
        </Field>
        <Field label="Gültig ab" error={errors.validFrom} hint="Leer: ab sofort.">
          <Input
            size="sm"
            type="datetime-local"
            value={values.validFrom}
            onChange={(e) => set('validFrom', e.target.value)}
          />
        </Field>
        <Field label="Gültig bis" error={errors.validUntil} hint="Leer: ohne Ende.">
          <Input
            size="sm"
            type="datetime-local"
            value={values.validUntil}
            min={values.validFrom || undefined}
            onChange={(e) => set('validUntil', e.target.value)}
          />
        </Field>
      </div>
      <Field label="Notiz (nur intern)" error={errors.note}>
        <Textarea size="sm" rows={2} value={values.note} onChange={(e) => set('note', e.target.value)} />
      </Field>
      <CheckboxField label="Aktiv" checked={values.active} onChange={(active) => set('active', active)} />
      {formError && <ErrorText>{formError}</ErrorText>}
      <DialogActions onCancel={onClose} busy={saving} submitLabel="Speichern" busyLabel="Speichern …" />
    </Form>
  );
}

/** 'Gilt für': events (none = all), then the categories of the chosen events (none = all of them). */
function ScopeFields({
  values,
  errors,
  options,
  loadFailed,
  onChange,
}: {
  values: DiscountCodeValues;
  errors: CodeErrors;
  options: DiscountCodeFormOptions | undefined;
  loadFailed: boolean;
  onChange: (eventIds: string[], categoryIds: string[]) => void;
}) {
  if (loadFailed) return <ErrorText>Die Events konnten nicht geladen werden.</ErrorText>;
  if (!options) return <p className="text-sm text-muted-foreground">Events werden geladen …</p>;
  const chosen = options.events.filter((event) => values.eventIds.includes(event.id));
  const toggle = (list: string[], id: string, on: boolean) =>
    on ? [...list, id] : list.filter((item) => item !== id);
  const toggleEvent = (id: string, on: boolean) => {
    const eventIds = toggle(values.eventIds, id, on);
    const kept = options.events
      .filter((event) => eventIds.includes(event.id))
      .flatMap((event) => event.categories);
    onChange(
      eventIds,
      values.categoryIds.filter((categoryId) => kept.some((category) => category.id === categoryId)),
    );
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">Events</legend>
        <p className="text-xs text-muted-foreground">Keine Auswahl: alle Events.</p>
        <div className="flex max-h-48 flex-col gap-2 overflow-y-auto rounded-lg border border-border p-3">
          {options.events.map((event) => (
            <CheckboxField
              key={event.id}
              label={`${event.title} (${formatDateTimeShort(event.startTime)})`}
              checked={values.eventIds.includes(event.id)}
              onChange={(on) => toggleEvent(event.id, on)}
            />
          ))}
        </div>
        {errors.eventIds && <ErrorText size="xs">{errors.eventIds}</ErrorText>}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">Ticketarten</legend>
        <p className="text-xs text-muted-foreground">
          {chosen.length === 0
            ? 'Wähle Events, um den Code auf Ticketarten zu beschränken.'
            : 'Keine Auswahl: alle Ticketarten. Versteckte („nur mit Code“) schaltet der Code frei.'}
        </p>
        {chosen.length > 0 && (
          <div className="flex max-h-48 flex-col gap-2 overflow-y-auto rounded-lg border border-border p-3">
            {chosen.flatMap((event) =>
              event.categories.map((category) => (
                <CheckboxField
                  key={category.id}
                  label={`${event.title}: ${category.name}${category.requiresCode ? ' (nur mit Code)' : ''}`}
                  checked={values.categoryIds.includes(category.id)}
                  onChange={(on) => onChange(values.eventIds, toggle(values.categoryIds, category.id, on))}
                />
              )),
            )}
          </div>
        )}
        {errors.categoryIds && <ErrorText size="xs">{errors.categoryIds}</ErrorText>}
      </fieldset>
    </div>
  );
}
