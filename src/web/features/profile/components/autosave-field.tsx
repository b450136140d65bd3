import { useRef, useState, type InputHTMLAttributes } from 'react';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { SavedStatus } from '@web/components/ui/saved-status';
import { ApiError } from '@web/lib/api-client';
import { useSavedFlash } from '@web/lib/use-saved-flash';

interface AutosaveFieldProps {
  label: string;
  /** The stored value; the field starts with it and saves only when the trimmed input differs. */
  value: string;
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
  autoComplete?: string;
  /** A German message when the input may not be saved, else null. */
  validate: (value: string) => string | null;
  /** Saves; true shows 'Gespeichert' (false when there was nothing to confirm). */
  save: (value: string) => Promise<boolean>;
  isChanged?: (input: string, stored: string) => boolean;
  hint?: string;
}

/**
 * Each field is saved on blur, errors show inline, 'Gespeichert' for 3 s
 * (docs/product/accounts-and-consent.md#profile-autosave).
 */
export function AutosaveField({
  label,
  value,
  type = 'text',
  autoComplete,
  validate,
  save,
  isChanged,
  hint,
}: AutosaveFieldProps) {
  const [input, setInput] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, flash] = useSavedFlash();
  // What was last sent: a change that only starts a confirmation (e-mail) is not sent again on every blur.
  const lastSent = useRef<string | null>(null);
  const changed = isChanged ?? ((next: string, stored: string) => next.trim() !== stored.trim());

  const onBlur = async () => {
    if (busy) return;
    if (!changed(input, value) || input.trim() === lastSent.current) {
      setError(null); // back to what is stored: nothing to save, nothing wrong
      return;
    }
    const problem = validate(input);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      if (await save(input.trim())) flash();
      else lastSent.current = input.trim();
    } catch (caught) {
      setError(
        caught instanceof ApiError ? caught.message : 'Speichern fehlgeschlagen. Bitte versuche es erneut.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Field label={label} hint={hint} error={error} errorAlert labelAside={<SavedStatus visible={saved} />}>
      <Input
        type={type}
        autoComplete={autoComplete}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        onBlur={() => void onBlur()}
        aria-busy={busy || undefined}
      />
    </Field>
  );
}
