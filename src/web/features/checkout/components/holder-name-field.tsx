import { useId } from 'react';
import { BOOKING_MESSAGES } from '@shared/booking';
import { SavedLabel } from '@web/components/saved-label';

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
  const id = useId();
  const message = error ?? (showRequired && value.trim() === '' ? BOOKING_MESSAGES.holderName : null);
  return (
    <div className="flex flex-col gap-1.5">
      <SavedLabel htmlFor={id} label="Name auf dem Ticket" saved={saved} />
      <input
        id={id}
        autoComplete="name"
        required
        maxLength={200}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : `${id}-hint`}
        className="h-11 w-full rounded-lg border border-input bg-background px-3 outline-none focus:border-primary focus:ring-2 focus:ring-ring/40 aria-[invalid=true]:border-destructive"
      />
      {message ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          Wird auch in deinem Profil gespeichert.
        </p>
      )}
    </div>
  );
}
