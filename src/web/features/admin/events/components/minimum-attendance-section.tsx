import { MAX_MIN_DECISION_HOURS, MAX_MIN_PARTICIPANTS } from '@shared/admin-events';
import type { SectionProps } from './event-form-sections';
import { FormSection } from './event-form-sections';
import { FormField, inputClass } from './form-field';

/**
 * The optional minimum attendance and when it is decided (docs/product/event-mails.md#minimum-attendance):
 * below the minimum at the decision time the event is cancelled and every ticket refunded in full.
 */
export function MinimumAttendanceSection({ values, errors, set }: SectionProps) {
  return (
    <FormSection title="Mindestteilnehmerzahl">
      <FormField
        label="Mindestteilnehmerzahl (optional)"
        error={errors.minParticipants}
        hint="Leer lassen, wenn das Event in jedem Fall stattfindet."
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_MIN_PARTICIPANTS}
            step={1}
            value={values.minParticipants}
            onChange={(e) => set('minParticipants', e.target.value)}
            className={inputClass}
          />
        )}
      </FormField>
      <FormField
        label="Entscheidung (Stunden vor Beginn)"
        required
        error={errors.minDecisionHours}
        hint="Wird die Zahl bis dahin nicht erreicht, wird das Event automatisch abgesagt und alle Tickets werden voll erstattet."
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_MIN_DECISION_HOURS}
            step={1}
            value={values.minDecisionHours}
            onChange={(e) => set('minDecisionHours', e.target.value)}
            className={inputClass}
          />
        )}
      </FormField>
    </FormSection>
  );
}
