import type { ReactNode } from 'react';
import {
  EVENT_MODE_CHOICES,
  EVENT_MODE_LABELS,
  EVENT_STATUS_LABELS,
  EVENT_STATUSES,
} from '@shared/admin-events';
import { TAX_MODE_LABELS, TAX_MODES } from '@shared/invoices';
import type { AdminEvent, PolicyOption } from '@shared/admin-events';
import { timezoneOptions } from '@shared/time-zones';
import type { EventFormErrors, EventFormValues } from '../event-form-values';
// the prices are in ticket-categories-section.tsx ('Ticketarten')
import { CheckboxField, sectionClass } from '@web/features/admin/kit/form-field';
import { Field } from '@web/components/ui/field';
import { SlugField } from './slug-field';
import { Input, Select, Textarea } from '@web/components/ui/input';
import { ErrorText } from '@web/components/ui/error-text';

export interface SectionProps {
  values: EventFormValues;
  errors: EventFormErrors;
  set: <K extends keyof EventFormValues>(field: K, value: EventFormValues[K]) => void;
}

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={sectionClass}>
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {/* minmax(0, 1fr) columns: a long address in a field (the organizers' list) truncates instead of widening the page */}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

export function BasicsSection({
  values,
  errors,
  set,
  mode,
  eventId,
}: SectionProps & { mode: 'create' | 'edit'; eventId?: string }) {
  return (
    <FormSection title="Grunddaten">
      <Field label="Titel" required error={errors.title} className="sm:col-span-2">
        {(control) => (
          <Input
            {...control}
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            maxLength={200}
          />
        )}
      </Field>
      <div className="sm:col-span-2">
        <SlugField
          mode={mode}
          title={values.title}
          value={values.slug}
          onChange={(slug) => set('slug', slug)}
          error={errors.slug}
          eventId={eventId}
        />
      </div>
      <Field
        label="Untertitel (Kurzbeschreibung)"
        error={errors.shortDescription}
        className="sm:col-span-2"
        hint="Erscheint unter dem Titel und in Vorschauen."
      >
        {(control) => (
          <Input
            {...control}
            value={values.shortDescription}
            onChange={(e) => set('shortDescription', e.target.value)}
            maxLength={300}
          />
        )}
      </Field>
      <Field
        label="Beschreibung"
        required
        error={errors.description}
        className="sm:col-span-2"
        hint="Leerzeilen trennen Absätze. Leerzeichen am Zeilenende und Leerzeilen am Anfang und Ende werden beim Speichern entfernt."
      >
        {(control) => (
          <Textarea
            {...control}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            rows={10}
          />
        )}
      </Field>
    </FormSection>
  );
}

export function TimePlaceSection({ values, errors, set }: SectionProps) {
  return (
    <FormSection title="Zeit und Ort">
      <Field label="Beginn" required error={errors.start}>
        {(control) => (
          <Input
            {...control}
            type="datetime-local"
            value={values.start}
            onChange={(e) => set('start', e.target.value)}
          />
        )}
      </Field>
      <Field label="Ende" required error={errors.end}>
        {(control) => (
          <Input
            {...control}
            type="datetime-local"
            value={values.end}
            min={values.start || undefined}
            onChange={(e) => set('end', e.target.value)}
          />
        )}
      </Field>
      <Field
        label="Zeitzone"
        required
        error={errors.timezone}
        hint="Beginn und Ende gelten in dieser Zeitzone."
        className="sm:col-span-2"
      >
        {(control) => (
          <Select {...control} value={values.timezone} onChange={(e) => set('timezone', e.target.value)}>
            {timezoneOptions(values.timezone).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="text-sm font-medium">Art der Veranstaltung</legend>
        <div className="flex flex-wrap gap-4">
          {EVENT_MODE_CHOICES.map((mode) => (
            <label key={mode} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="mode"
                value={mode}
                checked={values.mode === mode}
                onChange={() => set('mode', mode)}
                className="h-4 w-4 accent-primary"
              />
              {EVENT_MODE_LABELS[mode]}
            </label>
          ))}
        </div>
        {errors.mode && <ErrorText alert={false}>{errors.mode}</ErrorText>}
      </fieldset>
      <Field
        label="Ort"
        required
        error={errors.location}
        hint={values.mode === 'online' ? 'Bei Online-Events z. B. „Online“.' : 'Stadt oder Adresse.'}
      >
        {(control) => (
          <Input
            {...control}
            value={values.location}
            onChange={(e) => set('location', e.target.value)}
            maxLength={300}
          />
        )}
      </Field>
      {values.mode !== 'online' && (
        <Field
          label="Veranstaltungsort"
          error={errors.venue}
          hint="Name des Hauses, z. B. „Heidehof Wilsede“. Steht mit dem Ort auf Ticket, Mail und Kalendereintrag."
        >
          {(control) => (
            <Input
              {...control}
              value={values.venue}
              onChange={(e) => set('venue', e.target.value)}
              maxLength={200}
            />
          )}
        </Field>
      )}
      <Field label="Raum" error={errors.room}>
        {(control) => (
          <Input
            {...control}
            value={values.room}
            onChange={(e) => set('room', e.target.value)}
            maxLength={300}
          />
        )}
      </Field>
      {values.mode === 'online' && (
        <Field
          label="Online-Link"
          error={errors.onlineUrl}
          hint="Nur Käufer eines Tickets sehen diesen Link. Änderst du ihn, bekommen sie den neuen per E-Mail."
          className="sm:col-span-2"
        >
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={values.onlineUrl}
              onChange={(e) => set('onlineUrl', e.target.value)}
            />
          )}
        </Field>
      )}
    </FormSection>
  );
}

export function TicketsSection({ values, errors, set, event }: SectionProps & { event?: AdminEvent }) {
  const seatsHint = event
    ? `Vergeben: ${event.takenSeats}, frei: ${event.availableSeats}. Weniger als die vergebenen Plätze geht nicht.`
    : 'Anzahl Personen; ein Paar-Ticket belegt zwei Plätze.';
  return (
    <FormSection title="Tickets und Preise">
      <Field label="Plätze gesamt" required error={errors.totalSeats} hint={seatsHint}>
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={event?.takenSeats ?? 0}
            step={1}
            value={values.totalSeats}
            onChange={(e) => set('totalSeats', e.target.value)}
          />
        )}
      </Field>
      <Field label="Währung" required error={errors.currency} hint="Dreistelliger Code, z. B. EUR.">
        {(control) => (
          <Input
            {...control}
            value={values.currency}
            maxLength={3}
            autoCapitalize="characters"
            onChange={(e) => set('currency', e.target.value.toUpperCase())}
            className="uppercase"
          />
        )}
      </Field>
      <Field
        label="Steuerliche Behandlung"
        error={errors.taxMode}
        hint="Für die Rechnungen dieses Events. Ausgestellte Rechnungen ändern sich nicht."
        className="sm:col-span-2"
      >
        {(control) => (
          <Select
            {...control}
            value={values.taxMode}
            onChange={(e) => set('taxMode', e.target.value as EventFormValues['taxMode'])}
          >
            <option value="">Wie in den Einstellungen</option>
            {TAX_MODES.map((taxMode) => (
              <option key={taxMode} value={taxMode}>
                {TAX_MODE_LABELS[taxMode]}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </FormSection>
  );
}

export function PublishingSection({
  values,
  errors,
  set,
  policies,
}: SectionProps & { policies: PolicyOption[] }) {
  return (
    <FormSection title="Status und Sichtbarkeit">
      <Field label="Status" error={errors.status}>
        {(control) => (
          <Select
            {...control}
            value={values.status}
            onChange={(e) => set('status', e.target.value as EventFormValues['status'])}
          >
            {EVENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {EVENT_STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label="Stornierungsrichtlinie"
        error={errors.cancellationPolicyId}
        hint="Ohne Richtlinie gelten die Standard-Stufen: mehr als 14 Tage vorher 100 %, mehr als 7 Tage 70 %, mehr als 3 Tage 50 %."
      >
        {(control) => (
          <Select
            {...control}
            value={values.cancellationPolicyId}
            onChange={(e) => set('cancellationPolicyId', e.target.value)}
          >
            <option value="">Keine</option>
            {policies.map((policy) => (
              <option key={policy.id} value={policy.id}>
                {policy.isActive ? policy.name : `${policy.name} (inaktiv)`}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="flex flex-col gap-3 sm:col-span-2">
        <CheckboxField
          label="Hervorgehoben"
          checked={values.isFeatured}
          onChange={(checked) => set('isFeatured', checked)}
        />
        <CheckboxField
          label="Privates Event"
          checked={values.isPrivate}
          onChange={(checked) => set('isPrivate', checked)}
        />
        <CheckboxField
          label="Versteckt"
          hint="Erscheint in keiner öffentlichen Liste und auf keiner Event-Seite."
          checked={values.hidden}
          onChange={(checked) => set('hidden', checked)}
        />
      </div>
    </FormSection>
  );
}
