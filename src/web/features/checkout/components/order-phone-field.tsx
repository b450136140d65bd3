import { useEffect, useRef } from 'react';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';

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
  const input = useRef<HTMLInputElement>(null);
  // An order refused for a missing phone takes the person to the field.
  useEffect(() => {
    if (error) input.current?.focus();
  }, [error]);
  return (
    <Field
      label="Telefonnummer"
      hint="Für Rückfragen zu deiner Buchung. Wird auch in deinem Profil gespeichert."
      hintUntilError
      error={error}
      errorAlert
    >
      <Input
        ref={input}
        type="tel"
        autoComplete="tel"
        required
        maxLength={50}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
