import type { ReactNode } from 'react';
import {
  EVENT_MODE_CHOICES,
  EVENT_MODE_LABELS,
  EVENT_STATUS_LABELS,
  EVENT_STATUSES,
} from '@shared/admin-events';
import { priceUnitLabel } from '@shared/event-rules';
import { TAX_MODE_LABELS, TAX_MODES } from '@shared/invoices';
import type { AdminEvent, PolicyOption } from '@shared/admin-events';
import { PRICE_UNITS } from '@shared/admin-events';
import { timezoneOptions, type EventFormErrors, type EventFormValues } from '../event-form-values';
import { CheckboxField, FormField, inputClass, sectionClass, textareaClass } from '@web/features/admin/kit/form-field';
import { SlugField } from './slug-field';

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
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
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
      <FormField label="Titel" required error={errors.title} className="sm:col-span-2">
        {(control) => (
          <input
            {...control}
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            maxLength={200}
            className={inputClass}
          />
        )}
      </FormField>
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
      <FormField
        label="Untertitel (Kurzbeschreibung)"
        error={errors.shortDescription}
        className="sm:col-span-2"
        hint="Erscheint unter dem Titel und in Vorschauen."
      >
        {(control) => (
          <input
            {...control}
            value={values.shortDescription}
            onChange={(e) => set('shortDescription', e.target.value)}
            maxLength={300}
            className={inputClass}
          />
        )}
      </FormField>
      <FormField
        label="Beschreibung"
        required
        error={errors.description}
        className="sm:col-span-2"
        hint="Leerzeilen trennen Absätze. Leerzeichen am Zeilenende und Leerzeilen am Anfang und Ende werden beim Speichern entfernt."
      >
        {(control) => (
          <textarea
            {...control}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            rows={10}
            className={textareaClass}
          />
        )}
      </FormField>
    </FormSection>
  );
}

export function TimePlaceSection({ values, errors, set }: SectionProps) {
  return (
    <FormSection title="Zeit und Ort">
      <FormField label="Beginn" required error={errors.start}>
        {(control) => (
          <input
            {...control}
            type="datetime-local"
            value={values.start}
            onChange={(e) => set('start', e.target.value)}
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label="Ende" required error={errors.end}>
        {(control) => (
          <input
            {...control}
            type="datetime-local"
            value={values.end}
            min={values.start || undefined}
            onChange={(e) => set('end', e.target.value)}
            className={inputClass}
          />
        )}
      </FormField>
      <FormField
        label="Zeitzone"
        required
        error={errors.timezone}
        hint="Beginn und Ende gelten in dieser Zeitzone."
        className="sm:col-span-2"
      >
        {(control) => (
          <select
            {...control}
            value={values.timezone}
            onChange={(e) => set('timezone', e.target.value)}
            className={inputClass}
          >
            {timezoneOptions(values.timezone).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        )}
      </FormField>
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
        {errors.mode && <p className="text-sm text-destructive">{errors.mode}</p>}
      </fieldset>
      <FormField
        label="Ort"
        required
        error={errors.location}
        hint={values.mode === 'online' ? 'Bei Online-Events z. B. „Online“.' : 'Stadt oder Adresse.'}
      >
        {(control) => (
          <input
            {...control}
            value={values.location}
            onChange={(e) => set('location', e.target.value)}
            maxLength={300}
            className={inputClass}
          />
        )}
      </FormField>
      {values.mode !== 'online' && (
        <FormField
          label="Veranstaltungsort"
          error={errors.venue}
          hint="Name des Hauses, z. B. „Heidehof Wilsede“. Steht mit dem Ort auf Ticket, Mail und Kalendereintrag."
        >
          {(control) => (
            <input
              {...control}
              value={values.venue}
              onChange={(e) => set('venue', e.target.value)}
              maxLength={200}
              className={inputClass}
            />
          )}
        </FormField>
      )}
      <FormField label="Raum" error={errors.room}>
        {(control) => (
          <input
            {...control}
            value={values.room}
            onChange={(e) => set('room', e.target.value)}
            maxLength={300}
            className={inputClass}
          />
        )}
      </FormField>
      {values.mode === 'online' && (
        <FormField
          label="Online-Link"
          error={errors.onlineUrl}
          hint="Nur Käufer eines Tickets sehen diesen Link. Änderst du ihn, bekommen sie den neuen per E-Mail."
          className="sm:col-span-2"
        >
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={values.onlineUrl}
              onChange={(e) => set('onlineUrl', e.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
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
      <FormField label="Plätze gesamt" required error={errors.totalSeats} hint={seatsHint}>
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={event?.takenSeats ?? 0}
            step={1}
            value={values.totalSeats}
            onChange={(e) => set('totalSeats', e.target.value)}
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label="Preiseinheit" error={errors.priceUnit}>
        {(control) => (
          <select
            {...control}
            value={values.priceUnit}
            onChange={(e) => set('priceUnit', e.target.value as EventFormValues['priceUnit'])}
            className={inputClass}
          >
            {PRICE_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {priceUnitLabel(unit, 'long')}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label={`Preis (${values.currency || 'EUR'})`}
        required
        error={errors.price}
        hint="z. B. 49 oder 49,90; 0 für kostenlos."
      >
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            value={values.price}
            onChange={(e) => set('price', e.target.value)}
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label="Währung" required error={errors.currency} hint="Dreistelliger Code, z. B. EUR.">
        {(control) => (
          <input
            {...control}
            value={values.currency}
            maxLength={3}
            autoCapitalize="characters"
            onChange={(e) => set('currency', e.target.value.toUpperCase())}
            className={`${inputClass} uppercase`}
          />
        )}
      </FormField>
      <FormField
        label={`Frühbucherpreis (${values.currency || 'EUR'})`}
        error={errors.earlyBirdPrice}
        hint="Optional; gilt bis zum Frühbucher-Ende und muss unter dem Preis liegen."
      >
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            value={values.earlyBirdPrice}
            onChange={(e) => set('earlyBirdPrice', e.target.value)}
            className={inputClass}
          />
        )}
      </FormField>
      <FormField
        label="Frühbucher bis"
        error={errors.earlyBirdEndsAt}
        hint="Spätestens der Beginn des Events."
      >
        {(control) => (
          <input
            {...control}
            type="datetime-local"
            value={values.earlyBirdEndsAt}
            max={values.start || undefined}
            onChange={(e) => set('earlyBirdEndsAt', e.target.value)}
            className={inputClass}
          />
        )}
      </FormField>
      <FormField
        label="Steuerliche Behandlung"
        error={errors.taxMode}
        hint="Für die Rechnungen dieses Events. Ausgestellte Rechnungen ändern sich nicht."
        className="sm:col-span-2"
      >
        {(control) => (
          <select
            {...control}
            value={values.taxMode}
            onChange={(e) => set('taxMode', e.target.value as EventFormValues['taxMode'])}
            className={inputClass}
          >
            <option value="">Wie in den Einstellungen</option>
            {TAX_MODES.map((taxMode) => (
              <option key={taxMode} value={taxMode}>
                {TAX_MODE_LABELS[taxMode]}
              </option>
            ))}
          </select>
        )}
      </FormField>
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
      <FormField label="Status" error={errors.status}>
        {(control) => (
          <select
            {...control}
            value={values.status}
            onChange={(e) => set('status', e.target.value as EventFormValues['status'])}
            className={inputClass}
          >
            {EVENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {EVENT_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label="Stornierungsrichtlinie"
        error={errors.cancellationPolicyId}
        hint="Ohne Richtlinie gelten die Standard-Stufen: mehr als 14 Tage vorher 100 %, mehr als 7 Tage 70 %, mehr als 3 Tage 50 %."
      >
        {(control) => (
          <select
            {...control}
            value={values.cancellationPolicyId}
            onChange={(e) => set('cancellationPolicyId', e.target.value)}
            className={inputClass}
          >
            <option value="">Keine</option>
            {policies.map((policy) => (
              <option key={policy.id} value={policy.id}>
                {policy.isActive ? policy.name : `${policy.name} (inaktiv)`}
              </option>
            ))}
          </select>
        )}
      </FormField>
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
