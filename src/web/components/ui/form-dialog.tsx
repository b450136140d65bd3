import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

const WIDTHS = { md: 'max-w-md', lg: 'max-w-lg', '2xl': 'max-w-2xl' } as const;

/**
 * The frame of a dialog that holds a form (docs/decisions/053-form-primitives.md): Radix's dialog (focus trapped
 * and returned), the dimmed page, a card centred and scrolling within 90 % of the height, title and description.
 * Closing by Escape or outside click calls `onClose`; a dialog that must not close while busy says so there.
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  width = 'md',
  onCloseAutoFocus,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  width?: keyof typeof WIDTHS;
  /** Where the focus goes on close, instead of back to the button that opened the dialog. */
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className={`fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[95vw] ${WIDTHS[width]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-card p-5 text-card-foreground shadow-xl`}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            {description}
          </Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
