import { useEffect } from 'react';
import { useBlocker, type Location } from 'react-router';
import { ConfirmDialog } from '@web/components/confirm-dialog';

/**
 * Navigation state of the pages' own move after a successful save (to the editor of a new event, to the
 * list 1.2 s after saving): the form still differs from its first values then, but nothing is lost.
 */
export const AFTER_SAVE = { afterSave: true } as const;

const isAfterSave = (location: Location) =>
  (location.state as { afterSave?: unknown } | null)?.afterSave === true;

/**
 * Asks before unsaved changes of the event form are lost (docs/decisions/025-back-office-layout.md):
 * in-app navigation waits for 'Verwerfen' / 'Weiter bearbeiten'; a reload or closing the tab gets the
 * browser's own question (beforeunload cannot show our text).
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname && !isAfterSave(nextLocation),
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers need returnValue set to show the question
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const blocked = blocker.state === 'blocked';
  return (
    <ConfirmDialog
      open={blocked}
      title="Ungespeicherte Änderungen verwerfen?"
      description={<p>Deine Änderungen an diesem Event sind noch nicht gespeichert.</p>}
      confirmLabel="Verwerfen"
      cancelLabel="Weiter bearbeiten"
      size="lg"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
