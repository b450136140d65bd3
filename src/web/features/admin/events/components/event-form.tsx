import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminEvent, AdminEventCreateInput, EventFormOptions } from '@shared/admin-events';
import { Button, buttonClasses } from '@web/components/ui/button';
import { toEventInput, type EventFormErrors, type EventFormValues } from '../event-form-values';
import {
  BasicsSection,
  FormSection,
  PublishingSection,
  TicketsSection,
  TimePlaceSection,
} from './event-form-sections';
import { MinimumAttendanceSection } from './minimum-attendance-section';
import { QuestionsSection } from './questions-section';
import { TicketCategoriesSection } from './ticket-categories-section';
import { OrganizerPicker } from './organizer-picker';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { WaitlistTransferSection } from './waitlist-transfer-section';
import { ErrorText } from '@web/components/ui/error-text';

export interface EventFormProps {
  mode: 'create' | 'edit';
  initial: EventFormValues;
  /** The stored event (edit): seats taken, id for the slug check. */
  event?: AdminEvent;
  options: EventFormOptions | undefined;
  busy: boolean;
  /** Saves; answers the server's field errors to show inline, or nothing when saved. */
  onSubmit: (input: AdminEventCreateInput, values: EventFormValues) => Promise<EventFormErrors | void>;
  /** Edit: saves only the organizers ('Veranstalter gespeichert.'). */
  /** Saves the organizers alone; true when saved (they then count as unchanged). */
  onSaveOrganizers?: (ids: string[]) => Promise<boolean>;
  /** Shown above the fields (the cover upload on edit). */
  children?: ReactNode;
}

/** The one form of 'Neues Event erstellen' and 'Event bearbeiten', with every field of an event. */
export function EventForm(props: EventFormProps) {
  const { mode, initial, event, options, busy, onSubmit, onSaveOrganizers, children } = props;
  const [values, setValues] = useState(initial);
  // what the server holds: the first values, with organizers saved on their own taken over
  const [saved, setSaved] = useState(initial);
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [savingOrganizers, setSavingOrganizers] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const set = <K extends keyof EventFormValues>(field: K, value: EventFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // an edited field's message goes; the others stay until the next submit
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const showErrors = (next: EventFormErrors) => {
    setErrors(next);
    // after React has rendered the messages: focus the first invalid control, screen readers read its error
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = async (submitted: FormEvent) => {
    submitted.preventDefault();
    const result = toEventInput(values, { mode, takenSeats: event?.takenSeats });
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    setErrors({});
    const serverErrors = await onSubmit(result.input, values);
    if (serverErrors && Object.keys(serverErrors).length > 0) showErrors(serverErrors);
  };

  const saveOrganizers = async () => {
    if (!onSaveOrganizers) return;
    setSavingOrganizers(true);
    try {
      const organizerIds = values.organizerIds;
      if (await onSaveOrganizers(organizerIds)) setSaved((current) => ({ ...current, organizerIds }));
    } finally {
      setSavingOrganizers(false);
    }
  };

  const errorCount = Object.values(errors).filter(Boolean).length;
  // plain strings, booleans and lists of them: equal JSON means nothing was changed
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  return (
    <form ref={form} noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-6">
      <UnsavedChangesGuard dirty={dirty} />
      {children}
      <BasicsSection values={values} errors={errors} set={set} mode={mode} eventId={event?.id} />
      <TimePlaceSection values={values} errors={errors} set={set} />
      <TicketsSection values={values} errors={errors} set={set} event={event} />
      <TicketCategoriesSection values={values} errors={errors} set={set} editErrors={setErrors} />
      <QuestionsSection values={values} errors={errors} set={set} editErrors={setErrors} />
      <PublishingSection values={values} errors={errors} set={set} policies={options?.policies ?? []} />
      <WaitlistTransferSection values={values} errors={errors} set={set} />
      <MinimumAttendanceSection values={values} errors={errors} set={set} />
      <FormSection title="Veranstalter">
        <div className="flex flex-col gap-3 sm:col-span-2">
          <OrganizerPicker
            options={options?.organizers ?? []}
            value={values.organizerIds}
            onChange={(ids) => set('organizerIds', ids)}
            error={errors.organizerIds}
          />
          {onSaveOrganizers && (
            <div>
              <Button
                variant="secondary"
                onClick={() => void saveOrganizers()}
                disabled={savingOrganizers || busy}
              >
                {savingOrganizers ? 'Wird gespeichert …' : 'Veranstalter speichern'}
              </Button>
            </div>
          )}
        </div>
      </FormSection>

      <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-3 border-t border-border bg-background/95 px-1 py-3 backdrop-blur">
        {errorCount > 0 && (
          <ErrorText className="mr-auto">
            Bitte {errorCount === 1 ? 'das markierte Feld' : `die ${errorCount} markierten Felder`} prüfen.
          </ErrorText>
        )}
        <Link to="/admin/events" className={buttonClasses('secondary')}>
          Abbrechen
        </Link>
        <Button type="submit" disabled={busy}>
          {busy ? 'Wird gespeichert …' : mode === 'create' ? 'Event erstellen' : 'Speichern'}
        </Button>
      </div>
    </form>
  );
}
