import { useId, useState } from 'react';
import { z } from 'zod';
import type { TicketTransferInput } from '@shared/ticket-transfer';
import { DialogActions } from '@web/components/ui/dialog-actions';
import { FormDialog } from '@web/components/ui/form-dialog';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { Form } from '@web/components/ui/form';

// 'Ticket übertragen' (docs/product/tickets-and-refunds.md#ticket-transfer): one dialog for 'Meine Tickets'
// and the admin's 'Tickets verwalten'; each passes the call to its own endpoint.

export const TRANSFER_MESSAGES = {
  nameMissing: 'Bitte gib den Namen der Ersatzperson ein.',
  nameTooShort: 'Bitte gib den vollständigen Namen ein (mindestens 2 Zeichen).',
  nameTooLong: 'Der Name darf höchstens 120 Zeichen lang sein.',
  emailMissing: 'Bitte gib die E-Mail-Adresse der Ersatzperson ein.',
  emailInvalid: 'Bitte gib eine gültige E-Mail-Adresse ein.',
  note: 'Die Ersatzperson bekommt ein neues Ticket per E-Mail; dein bisheriges Ticket und sein Barcode gelten dann nicht mehr.',
  failed: 'Übertragung fehlgeschlagen',
} as const;

/** The success toast: 'Ticket an Max Muster übertragen.' */
export const transferredText = (name: string) => `Ticket an ${name} übertragen.`;

/**
 * The server's limits (ticketTransferSchema in @shared/ticket-transfer), with words for the substitute's
 * fields instead of the sign-in's 'deine E-Mail-Adresse'.
 */
const transferInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, TRANSFER_MESSAGES.nameMissing)
    .min(2, TRANSFER_MESSAGES.nameTooShort)
    .max(120, TRANSFER_MESSAGES.nameTooLong),
  email: z
    .string()
    .trim()
    .min(1, TRANSFER_MESSAGES.emailMissing)
    .max(254, TRANSFER_MESSAGES.emailInvalid)
    .pipe(z.email(TRANSFER_MESSAGES.emailInvalid)),
});

/** What the dialog names: the ticket's code and its event. */
export interface TransferTicketTarget {
  code: string;
  eventTitle: string;
}

type FieldErrors = Partial<Record<keyof TicketTransferInput, string>>;

/** Our German message of a JSON error answer (or of a lost connection); nothing for other failures. */
const errorDetail = (error: unknown) =>
  error instanceof ApiError && error.code !== 'unknown' ? error.message : undefined;

/**
 * Name and e-mail of the substitute, checked here first; 'Übertragen' calls `onTransfer`, toasts
 * 'Ticket an {Name} übertragen.' and closes. A failure is toasted with the server's message and the dialog
 * stays open.
 */
export function TransferTicketDialog({
  ticket,
  onClose,
  onTransfer,
  returnFocus,
}: {
  /** The dialog is open while this is set. */
  ticket: TransferTicketTarget | null;
  onClose: () => void;
  onTransfer: (input: TicketTransferInput) => Promise<unknown>;
  /** Where the focus goes on close (the button may be gone after a transfer); by default back to it. */
  returnFocus?: () => HTMLElement | null;
}) {
  const [busy, setBusy] = useState(false);
  const [opening, setOpening] = useState(0);
  const close = () => {
    if (busy) return;
    setOpening((n) => n + 1);
    onClose();
  };
  return (
    <FormDialog
      open={ticket !== null}
      onClose={close}
      title="Ticket übertragen"
      description={ticket ? [`Ticket ${ticket.code}`, ticket.eventTitle].filter(Boolean).join(' · ') : ''}
      onCloseAutoFocus={(event) => {
        const target = returnFocus?.();
        if (target) {
          event.preventDefault();
          target.focus();
        }
      }}
    >
      {ticket && (
        // remounted per opening, so every transfer starts with empty fields
        <TransferForm
          key={opening}
          busy={busy}
          setBusy={setBusy}
          onCancel={close}
          onTransfer={onTransfer}
          onDone={() => {
            setOpening((n) => n + 1);
            onClose();
          }}
        />
      )}
    </FormDialog>
  );
}

function TransferForm({
  busy,
  setBusy,
  onCancel,
  onTransfer,
  onDone,
}: {
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onCancel: () => void;
  onTransfer: (input: TicketTransferInput) => Promise<unknown>;
  onDone: () => void;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = async () => {
    const parsed = transferInputSchema.safeParse({ name, email });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof TicketTransferInput;
        next[field] ??= issue.message;
      }
      setErrors(next);
      document.getElementById(`${id}-${next.name ? 'name' : 'email'}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onTransfer(parsed.data);
    } catch (error) {
      toast.error(TRANSFER_MESSAGES.failed, { description: errorDetail(error) });
      setBusy(false);
      return;
    }
    setBusy(false);
    toast.success(transferredText(parsed.data.name));
    onDone();
  };

  const field = (
    key: keyof TicketTransferInput,
    label: string,
    value: string,
    setValue: (value: string) => void,
    type: 'text' | 'email',
  ) => (
    <Field label={label} id={`${id}-${key}`} error={errors[key]}>
      <Input
        size="sm"
        type={type}
        autoComplete="off"
        value={value}
        disabled={busy}
        onChange={(event) => setValue(event.target.value)}
      />
    </Field>
  );

  return (
    <Form className="mt-4 flex flex-col gap-4" onSubmit={submit}>
      {field('name', 'Name der Ersatzperson', name, setName, 'text')}
      {field('email', 'E-Mail der Ersatzperson', email, setEmail, 'email')}
      <p className="text-sm text-muted-foreground">{TRANSFER_MESSAGES.note}</p>
      <DialogActions onCancel={onCancel} busy={busy} submitLabel="Übertragen" busyLabel="Wird übertragen …" />
    </Form>
  );
}
