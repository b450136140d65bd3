import { useEffect, useRef, useState } from 'react';
import type { CsvMapping, CsvPreview } from '@shared/bank-statements';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { Field } from '@web/components/ui/field';
import { usePreviewCsv } from '../api/preview-csv';
import { useSaveCsvMappings } from '../api/save-csv-mappings';
import {
  columnsOf,
  fieldErrorsAt,
  listToSave,
  NEW_MAPPING,
  withPreview,
  type CsvFieldErrors,
} from '../csv-mapping-form';
import { CsvColumnFields } from './csv-column-fields';
import { CsvPreviewTable } from './csv-preview-table';
import { Input } from '@web/components/ui/input';
import { ErrorText } from '@web/components/ui/error-text';

const CHECK_INPUT = 'Bitte Eingaben prüfen.';
const SAVE_FAILED = 'Die Zuordnung konnte nicht gespeichert werden.';
const PREVIEW_FAILED = 'Die Datei konnte nicht gelesen werden.';

/**
 * A bank's CSV mapping, new or saved (docs/product/bank-transfer.md#csv): its name, then a sample export whose
 * header and first rows show which column is which. Saving sends the whole list with this one in it.
 */
export function CsvMappingEditor({
  saved,
  original,
  onDone,
}: {
  saved: readonly CsvMapping[];
  /** the saved mapping being changed; null: a new one */
  original: CsvMapping | null;
  onDone: () => void;
}) {
  const [mapping, setMapping] = useState<CsvMapping>(original ?? NEW_MAPPING);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [errors, setErrors] = useState<CsvFieldErrors>({});
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const previewCsv = usePreviewCsv();
  const save = useSaveCsvMappings();
  const columns = columnsOf(mapping, preview);
  const headingId = original ? 'csv-mapping-edit-heading' : 'csv-mapping-new-heading';
  const nameInput = useRef<HTMLInputElement>(null);

  // the editor opens below the list: bring it to the eye and the keyboard
  useEffect(() => {
    nameInput.current?.scrollIntoView?.({ block: 'nearest' });
    nameInput.current?.focus();
  }, []);

  const change = (next: Partial<CsvMapping>) => setMapping((current) => ({ ...current, ...next }));

  const readSample = (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    return previewCsv
      .mutateAsync(file)
      .then((read) => {
        setPreview(read);
        setMapping((current) => withPreview(current, read));
      })
      .catch((failure: unknown) => setFileError(messageOf(failure, PREVIEW_FAILED)));
  };

  const submit = () => {
    const checked = listToSave(saved, original?.name ?? null, mapping);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return setFormError(CHECK_INPUT);
    }
    setErrors({});
    setFormError(null);
    return save
      .mutateAsync({ mappings: checked.mappings })
      .then(() => {
        toast.success('Zuordnung gespeichert.');
        onDone();
      })
      .catch((failure: unknown) => {
        const details = failure instanceof ApiError && Array.isArray(failure.details) ? failure.details : [];
        setErrors(fieldErrorsAt(details as { path?: unknown; message?: unknown }[], checked.index));
        setFormError(messageOf(failure, SAVE_FAILED));
      });
  };

  return (
    <form
      aria-labelledby={headingId}
      noValidate
      className="flex flex-col gap-4 rounded-xl border border-border p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 id={headingId} className="font-semibold">
        {original ? `Zuordnung „${original.name}“ bearbeiten` : 'Neue Zuordnung'}
      </h3>
      <Field label="Name der Bank" error={errors.name}>
        {(control) => (
          <Input
            size="sm"
            {...control}
            ref={nameInput}
            value={mapping.name}
            maxLength={60}
            autoComplete="off"
            placeholder="z. B. Sparkasse Hamburg"
            onChange={(event) => change({ name: event.target.value })}
          />
        )}
      </Field>
      <Field
        label="Beispieldatei (CSV)"
        error={fileError ?? undefined}
        hint="Ein Export aus deinem Online-Banking; gespeichert wird nur die Zuordnung, nicht die Datei."
      >
        {(control) => (
          <Input
            size="sm"
            {...control}
            type="file"
            accept=".csv,.txt"
            onChange={(event) => void readSample(event.target.files?.[0])}
            className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm"
          />
        )}
      </Field>
      {previewCsv.isPending && <p className="text-sm text-muted-foreground">Datei wird gelesen …</p>}
      {preview && <CsvPreviewTable preview={preview} />}
      {columns.length === 0 && (
        <p className="text-sm text-muted-foreground">Wähle eine Beispieldatei, um die Spalten zuzuordnen.</p>
      )}
      <CsvColumnFields mapping={mapping} columns={columns} errors={errors} onChange={change} />
      {formError && <ErrorText>{formError}</ErrorText>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Abbrechen
        </Button>
        <Button type="submit" disabled={save.isPending || previewCsv.isPending}>
          {save.isPending ? 'Wird gespeichert …' : 'Speichern'}
        </Button>
      </div>
    </form>
  );
}
