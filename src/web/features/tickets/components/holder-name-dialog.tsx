import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import type { MyTicket } from '@shared/tickets';
import { DialogActions } from '@web/components/ui/dialog-actions';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/lib/toast';
import { useChangeHolderName } from '../api/transfer-ticket';
import { apiErrorDetail } from '@web/lib/api-error-detail';
import { Form } from '@web/components/ui/form';

export const HOLDER_NAME_MESSAGES = {
  missing: 'Bitte gib den Namen auf dem Ticket ein.',
  tooShort: 'Bitte gib den vollständigen Namen ein (mindestens 2 Zeichen).',
  tooLong: 'Der Name darf höchstens 120 Zeichen lang sein.',
  saved: 'Name auf dem Ticket geändert.',
  failed: 'Name konnte nicht geändert werden',
} as const;

/**
 * 'Name ändern': fixes a typo in the name on the ticket; the person stays the same, for another person
 * there is 'Ticket übertragen' (docs/product/tickets-and-refunds.md#holder-name-change).
 */
export function HolderNameDialog({ ticket, onClose }: { ticket: MyTicket | null; onClose: () => void }) {
  const change = useChangeHolderName();
  const close = () => {
    if (!change.isPending) onClose();
  };
  return (
    <Dialog.Root open={ticket !== null} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[95vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-card p-5 text-card-foreground shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Name ändern</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            Für Tippfehler im Namen. Soll eine andere Person kommen, nutze „Ticket übertragen“.
          </Dialog.Description>
          {ticket && (
            <NameForm
              key={ticket.id}
              ticket={ticket}
              busy={change.isPending}
              onCancel={close}
              onSave={(name) =>
                void change.mutateAsync({ ticketId: ticket.id, name }).then(
                  () => {
                    toast.success(HOLDER_NAME_MESSAGES.saved);
                    onClose();
                  },
                  (error: unknown) =>
                    toast.error(HOLDER_NAME_MESSAGES.failed, { description: apiErrorDetail(error) }),
                )
              }
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function NameForm({
  ticket,
  busy,
  onCancel,
  onSave,
}: {
  ticket: MyTicket;
  busy: boolean;
  onCancel: () => void;
  onSave: (name: string) => void;
}) {
  const id = useId();
  const [name, setName] = useState(ticket.holderName ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const trimmed = name.trim();
    // the server's limits (holderNameChangeSchema in @shared/ticket-transfer)
    const problem = !trimmed
      ? HOLDER_NAME_MESSAGES.missing
      : trimmed.length < 2
        ? HOLDER_NAME_MESSAGES.tooShort
        : trimmed.length > 120
          ? HOLDER_NAME_MESSAGES.tooLong
          : null;
    setError(problem);
    if (!problem) onSave(trimmed);
  };
  return (
    <Form className="mt-4 flex flex-col gap-4" onSubmit={submit}>
      <Field label="Name auf dem Ticket" id={`${id}-name`} error={error}>
        <Input
          size="sm"
          autoComplete="name"
          value={name}
          disabled={busy}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <DialogActions onCancel={onCancel} busy={busy} submitLabel="Speichern" busyLabel="Wird gespeichert …" />
    </Form>
  );
}
