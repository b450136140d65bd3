import { Check } from 'lucide-react';

/**
 * 'Gespeichert' with a tick while `visible` (3 s after a save, lib/use-saved-flash.ts;
 * docs/product/site.md#feedback), announced as a status: the live region stays, only its text comes and goes.
 */
export function SavedStatus({ visible }: { visible: boolean }) {
  return (
    <span role="status" className="flex items-center gap-1 text-sm text-success">
      {visible && (
        <>
          <Check className="h-4 w-4" aria-hidden /> Gespeichert
        </>
      )}
    </span>
  );
}
