import { MAX_MIN_DECISION_HOURS, MAX_MIN_PARTICIPANTS } from '@shared/admin-events';
import type { SectionProps } from './event-form-sections';
import { FormSection } from './event-form-sections';
import { WholeNumberField } from './whole-number-field';

/**
 * The optional minimum attendance and when it is decided (docs/product/event-mails.md#minimum-attendance):
 * below the minimum at the decision time the event is cancelled and every ticket refunded in full.
 */
export function MinimumAttendanceSection(props: SectionProps) {
  return (
    <FormSection title="Mindestteilnehmerzahl">
      <WholeNumberField
        {...props}
        field="minParticipants"
        label="Mindestteilnehmerzahl (optional)"
        hint="Leer lassen, wenn das Event in jedem Fall stattfindet."
        min={1}
        max={MAX_MIN_PARTICIPANTS}
      />
      <WholeNumberField
        {...props}
        field="minDecisionHours"
        label="Entscheidung (Stunden vor Beginn)"
        required
        hint="Wird die Zahl bis dahin nicht erreicht, wird das Event automatisch abgesagt und alle Tickets werden voll erstattet."
        min={1}
        max={MAX_MIN_DECISION_HOURS}
      />
    </FormSection>
  );
}
