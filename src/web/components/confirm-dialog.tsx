import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Button } from './ui/button';

export interface ConfirmDialogProps {
  /** The question, e.g. 'Benutzer wirklich löschen?' (spec admin §5); the dialog is open while set. */
  question: string | null;
  details?: string;
  confirmLabel?: string;
  onCancel: () => void;
  /** The dialog stays open (busy) until the promise settles. */
  onConfirm: () => Promise<void> | void;
}

/** A yes/no question before something that cannot be undone; traps and returns focus (Radix). */
export function ConfirmDialog({
  question,
  details,
  confirmLabel = 'Löschen',
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open={question !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex w-[95vw] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl bg-card p-5 text-card-foreground shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{question}</Dialog.Title>
          <Dialog.Description className={details ? 'text-sm text-muted-foreground' : 'sr-only'}>
            {details ?? 'Diese Aktion kann nicht rückgängig gemacht werden.'}
          </Dialog.Description>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Abbrechen
            </Button>
            <Button variant="destructive" onClick={() => void confirm()} disabled={busy}>
              {busy ? 'Bitte warten …' : confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
