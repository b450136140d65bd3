import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';

/**
 * The footer of a dialog's form (docs/decisions/053-form-primitives.md): 'Abbrechen' and the submit button,
 * side by side from `sm`, stacked with the submit on top on phones; both wait while `busy`.
 */
export function DialogActions({
  onCancel,
  busy,
  submitLabel,
  busyLabel,
  submitVariant = 'primary',
  submitDisabled = false,
  cancelLabel = 'Abbrechen',
  children,
}: {
  onCancel: () => void;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  submitVariant?: ButtonVariant;
  /** Off for another reason than `busy` (nothing to send). */
  submitDisabled?: boolean;
  cancelLabel?: string;
  /** More buttons between the two ('Vorschau'). */
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      {children}
      <Button type="submit" variant={submitVariant} disabled={busy || submitDisabled}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
