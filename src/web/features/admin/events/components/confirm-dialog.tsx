import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The way back; 'Abbrechen' unless a question needs other words (e.g. 'Weiter bearbeiten'). */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  destructive?: boolean;
  /** A further choice between 'Abbrechen' and the main action (e.g. 'Nur absagen'). */
  secondary?: { label: string; onClick: () => void };
}

/** A modal question (Radix: focus trapped and returned, Escape cancels unless busy). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    open,
    title,
    description,
    confirmLabel,
    cancelLabel = 'Abbrechen',
    onConfirm,
    onCancel,
    busy = false,
    destructive,
    secondary,
  } = props;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex w-[95vw] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl bg-card p-5 text-card-foreground shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="text-sm text-muted-foreground">{description}</div>
          </Dialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              {cancelLabel}
            </Button>
            {secondary && (
              <Button variant="secondary" onClick={secondary.onClick} disabled={busy}>
                {secondary.label}
              </Button>
            )}
            <Button variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm} disabled={busy}>
              {busy ? 'Bitte warten …' : confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
