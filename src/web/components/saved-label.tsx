import { Check } from 'lucide-react';

/**
 * A field's label with the autosave's 'Gespeichert' beside it (shown while `saved`), announced as a status:
 * the profile's fields (docs/product/accounts-and-consent.md#profile-autosave) and the checkout's ticket name.
 */
export function SavedLabel({ htmlFor, label, saved }: { htmlFor: string; label: string; saved: boolean }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <label htmlFor={htmlFor} className="text-sm font-medium">
        {label}
      </label>
      <span role="status" className="flex items-center gap-1 text-sm text-success">
        {saved && (
          <>
            <Check className="h-4 w-4" aria-hidden /> Gespeichert
          </>
        )}
      </span>
    </div>
  );
}
