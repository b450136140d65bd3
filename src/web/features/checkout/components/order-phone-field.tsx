import { useEffect, useId, useRef } from 'react';

/** 'Telefonnummer' on the order page, for a profile without one (use-order-phone.ts). */
export function OrderPhoneField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // An order refused for a missing phone takes the person to the field.
  useEffect(() => {
    if (error) input.current?.focus();
  }, [error]);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Telefonnummer
      </label>
      <input
        ref={input}
        id={id}
        type="tel"
        autoComplete="tel"
        required
        maxLength={50}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className="h-11 w-full rounded-lg border border-input bg-background px-3 outline-none focus:border-primary focus:ring-2 focus:ring-ring/40 aria-[invalid=true]:border-destructive"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          Für Rückfragen zu deiner Buchung. Wird auch in deinem Profil gespeichert.
        </p>
      )}
    </div>
  );
}
