import type { EventFormValues } from '../event-form-values';
import type { SectionProps } from './event-form-sections';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';

/** The event form's fields that hold a whole number kept as its text while typing. */
type WholeNumberKey = 'waitlistOfferHours' | 'transferCutoffHours' | 'minParticipants' | 'minDecisionHours';

/** A labelled whole-number input of the event form, bounded by the server's limits. */
export function WholeNumberField({
  field,
  label,
  hint,
  min,
  max,
  required = false,
  values,
  errors,
  set,
}: SectionProps & {
  field: WholeNumberKey;
  label: string;
  hint: string;
  min: number;
  max: number;
  required?: boolean;
}) {
  return (
    <Field label={label} required={required} error={errors[field]} hint={hint}>
      {(control) => (
        <Input
          {...control}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={values[field] as EventFormValues[WholeNumberKey]}
          onChange={(e) => set(field, e.target.value)}
        />
      )}
    </Field>
  );
}
