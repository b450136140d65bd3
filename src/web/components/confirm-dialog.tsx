import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { Button } from './ui/button';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. 'Benutzer wirklich löschen?'. */
  title: string;
  /** What follows from it; without, screen readers hear 'Diese Aktion kann nicht rückgängig gemacht werden.' */
  description?: ReactNode;
  confirmLabel?: string;
  /** The way back; 'Abbrechen' unless a question needs other words (e.g. 'Weiter bearbeiten'). */
  cancelLabel?: string;
  /** The confirm button's text while busy. */
  busyLabel?: string;
  /** Set while the caller's action runs; an onConfirm that returns a promise makes the dialog busy by itself. */
  busy?: boolean;
  /** A further choice between the way back and the main action (e.g. 'Nur absagen'). */
  secondary?: { label: string; onClick: () => void };
  /** 'lg' for questions with a longer text. */
  size?: 'md' | 'lg';
  /** Keeps the buttons side by side on phones too, instead of stacking them. */
  inlineActions?: boolean;
  onCancel: () => void;
  onConfirm: () => Promise<unknown> | void;
  /** Where the focus goes on close; by default back to the element that had it before. */
  returnFocus?: () => HTMLElement | null;
}

/**
 * A question before something that cannot be undone: it stays open (busy) while the action runs; Radix
 * traps the focus and returns it on close, and Escape cancels unless busy.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel = 'Löschen',
  cancelLabel = 'Abbrechen',
  busyLabel = 'Bitte warten …',
  busy = false,
  secondary,
  size = 'md',
  inlineActions = false,
  onCancel,
  onConfirm,
  returnFocus,
}: ConfirmDialogProps) {
  const [running, setRunning] = useState(false);
  const waiting = busy || running;
  const confirm = async () => {
    const result = onConfirm();
    if (!(result instanceof Promise)) return;
    setRunning(true);
    try {
      await result;
    } finally {
      setRunning(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !waiting && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className={`fixed left-1/2 top-1/2 z-50 flex w-[95vw] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl bg-card p-5 text-card-foreground shadow-xl ${size === 'lg' ? 'max-w-lg' : 'max-w-md'}`}
          onCloseAutoFocus={(event) => {
            const target = returnFocus?.();
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description asChild>
              <div className="flex flex-col gap-2 text-sm text-muted-foreground">{description}</div>
            </Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">
              Diese Aktion kann nicht rückgängig gemacht werden.
            </Dialog.Description>
          )}
          <div
            className={
              inlineActions
                ? 'flex justify-end gap-2'
                : 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end'
            }
          >
            <Button variant="secondary" onClick={onCancel} disabled={waiting}>
              {cancelLabel}
            </Button>
            {secondary && (
              <Button variant="secondary" onClick={secondary.onClick} disabled={waiting}>
                {secondary.label}
              </Button>
            )}
            <Button variant="destructive" onClick={() => void confirm()} disabled={waiting}>
              {waiting ? busyLabel : confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
