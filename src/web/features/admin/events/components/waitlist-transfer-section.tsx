import { MAX_TRANSFER_CUTOFF_HOURS } from '@shared/admin-events';
import { MAX_OFFER_HOURS, MIN_OFFER_HOURS } from '@shared/waitlist';
import type { SectionProps } from './event-form-sections';
import { FormSection } from './event-form-sections';
import { CheckboxField, FormField, inputClass } from './form-field';

/**
 * What happens around sold tickets: the waiting list and its offer time
 * (docs/product/waiting-list.md#waitlist-per-event, docs/product/waiting-list.md#offer-time) and how long
 * before the start buyers may still hand a ticket on (docs/product/tickets-and-refunds.md#ticket-transfer).
 */
export function WaitlistTransferSection({ values, errors, set }: SectionProps) {
  return (
    <FormSection title="Warteliste und Übertragung">
      <div className="sm:col-span-2">
        <CheckboxField
          label="Warteliste aktiv"
          hint="Ist das Event ausgebucht, können sich Interessierte eintragen; frei gewordene Plätze werden ihnen der Reihe nach angeboten."
          checked={values.waitlistEnabled}
          onChange={(checked) => set('waitlistEnabled', checked)}
        />
      </div>
      <FormField
        label="Angebotsdauer (Stunden)"
        required
        error={errors.waitlistOfferHours}
        hint="So lange bleibt ein frei gewordener Platz für die nächste Person auf der Warteliste reserviert – nie länger als die halbe Zeit bis zum Beginn."
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={MIN_OFFER_HOURS}
            max={MAX_OFFER_HOURS}
            step={1}
            value={values.waitlistOfferHours}
            onChange={(e) => set('waitlistOfferHours', e.target.value)}
            className={inputClass}
          />
        )}
      </FormField>
      <FormField
        label="Übertragung bis (Stunden vor Beginn)"
        required
        error={errors.transferCutoffHours}
        hint="0 = bis zum Beginn"
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_TRANSFER_CUTOFF_HOURS}
            step={1}
            value={values.transferCutoffHours}
            onChange={(e) => set('transferCutoffHours', e.target.value)}
            className={inputClass}
          />
        )}
      </FormField>
    </FormSection>
  );
}
