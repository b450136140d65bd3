import { MAX_TRANSFER_CUTOFF_HOURS } from '@shared/admin-events';
import { MAX_OFFER_HOURS, MIN_OFFER_HOURS } from '@shared/waitlist';
import type { SectionProps } from './event-form-sections';
import { FormSection } from './event-form-sections';
import { CheckboxField } from '@web/features/admin/kit/form-field';
import { WholeNumberField } from './whole-number-field';

/**
 * What happens around sold tickets: the waiting list and its offer time
 * (docs/product/waiting-list.md#waitlist-per-event, docs/product/waiting-list.md#offer-time) and how long
 * before the start buyers may still hand a ticket on (docs/product/tickets-and-refunds.md#ticket-transfer).
 */
export function WaitlistTransferSection(props: SectionProps) {
  const { values, set } = props;
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
      <WholeNumberField
        {...props}
        field="waitlistOfferHours"
        label="Angebotsdauer (Stunden)"
        required
        hint="So lange bleibt ein frei gewordener Platz für die nächste Person auf der Warteliste reserviert – nie länger als die halbe Zeit bis zum Beginn."
        min={MIN_OFFER_HOURS}
        max={MAX_OFFER_HOURS}
      />
      <WholeNumberField
        {...props}
        field="transferCutoffHours"
        label="Übertragung bis (Stunden vor Beginn)"
        required
        hint="0 = bis zum Beginn"
        min={0}
        max={MAX_TRANSFER_CUTOFF_HOURS}
      />
    </FormSection>
  );
}
