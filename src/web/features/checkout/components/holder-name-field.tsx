import { BOOKING_MESSAGES } from '@shared/booking';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { SavedStatus } from '@web/components/ui/saved-status';

/**
 * 'Name auf dem Ticket' with the 'Gespeichert' indicator of the autosave
 * (docs/product/booking-and-seats.md#holder-name-saved).
 */
export function HolderNameField({
  value,
  onChange,
  saved,
  error,
  showRequired,
}: {
  value: string;
  onChange: (value: string) => void;
  saved: boolean;
  error: string | null;
  /** Show the 'required' message once the field was emptied (not on first load). */
  showRequired: boolean;
}) {
  const message = error ?? (showRequired && value.trim() === '' ? BOOKING_MESSAGES.holderName : null);
  return (
    <Field
      label="Name auf dem Ticket"
      hint="Wird auch in deinem Profil gespeichert."
      hintUntilError
      error={message}
      errorAlert
      labelAside={<SavedStatus visible={saved} />}
    >
      <Input
        autoComplete="name"
        required
        maxLength={200}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
