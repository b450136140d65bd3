import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, useState } from 'react';
import { FREE_TICKET_TEXTS, isFreeTicket, type MyTicket } from '@shared/tickets';
import { DialogActions } from '@web/components/ui/dialog-actions';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { formatPrice } from '@web/lib/format';
import type { RefundAccount } from '../api/cancel-ticket';
import { asksForRefundAccount, checkRefundAccount, type RefundAccountErrors } from '../refund-account';

/**
 * After an earlier refund on the booking the dialog says why less comes back than the tier promises; the
 * button's percentage is already what is left (docs/decisions/023-refund-percentages.md).
 */
export const alreadyRefundedText = (cents: number, currency: string) =>
  `Auf deine Buchung wurden bereits ${formatPrice(cents, currency)} erstattet; erstattet wird höchstens, was noch offen ist.`;

export const REFUND_ACCOUNT_HINT = 'Leer lassen: Wir überweisen auf das Konto, von dem deine Zahlung kam.';

/**
 * 'Ticket stornieren?' with the refund (docs/product/tickets-and-refunds.md#who-cancels). A ticket paid by
 * transfer that gets money back also asks for the account (docs/product/bank-transfer.md#refunds).
 * `onConfirm` answers the server's field errors, which keep the dialog open; otherwise the caller closes it.
 * Radix traps the focus and returns it on close; Escape cancels unless busy.
 */
export function CancelTicketDialog({
  ticket,
  open,
  busy,
  onCancel,
  onConfirm,
  returnFocus,
}: {
  ticket: MyTicket;
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (payout?: RefundAccount) => Promise<RefundAccountErrors | null>;
  returnFocus: () => HTMLElement | null;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[95vh] w-[95vw] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl bg-card p-5 text-card-foreground shadow-xl"
          onCloseAutoFocus={(event) => {
            const target = returnFocus();
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <Dialog.Title className="text-lg font-semibold">Ticket stornieren?</Dialog.Title>
          <Dialog.Description asChild>
            <div className="flex flex-col gap-2 text-sm text-muted-foreground">
              <CancelDetails ticket={ticket} />
            </div>
          </Dialog.Description>
          <CancelForm ticket={ticket} busy={busy} onCancel={onCancel} onConfirm={onConfirm} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CancelForm({
  ticket,
  busy,
  onCancel,
  onConfirm,
}: {
  ticket: MyTicket;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (payout?: RefundAccount) => Promise<RefundAccountErrors | null>;
}) {
  const id = useId();
  const asks = asksForRefundAccount(ticket);
  const [values, setValues] = useState<RefundAccount>({ payoutIban: '', payoutName: '' });
  const [errors, setErrors] = useState<RefundAccountErrors>({});
  const ibanField = useRef<HTMLInputElement>(null);
  const nameField = useRef<HTMLInputElement>(null);

  const showErrors = (found: RefundAccountErrors) => {
    setErrors(found);
    (found.payoutIban ? ibanField : nameField).current?.focus();
  };

  const submit = async () => {
    if (!asks) return void (await onConfirm());
    const { account, errors: found } = checkRefundAccount(values);
    if (Object.keys(found).length > 0) return showErrors(found);
    setErrors({});
    const refused = await onConfirm(account);
    if (refused) showErrors(refused);
  };

  const field = (name: keyof RefundAccount, label: string, extra: Record<string, unknown>) => (
    <Field label={label} id={`${id}-${name}`} error={errors[name]}>
      <Input
        size="sm"
        ref={name === 'payoutIban' ? ibanField : nameField}
        value={values[name]}
        disabled={busy}
        spellCheck={false}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        {...extra}
      />
    </Field>
  );

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void submit();
      }}
    >
      {asks && (
        <div className="flex flex-col gap-3">
          {field('payoutIban', 'IBAN für die Erstattung', {
            autoComplete: 'off',
            autoCapitalize: 'characters',
            className: 'font-mono',
          })}
          {field('payoutName', 'Kontoinhaber', { autoComplete: 'name' })}
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {REFUND_ACCOUNT_HINT}
          </p>
        </div>
      )}
      <DialogActions
        onCancel={onCancel}
        busy={busy}
        submitVariant="destructive"
        submitLabel="Ticket stornieren"
        busyLabel="Wird storniert …"
      />
    </form>
  );
}

function CancelDetails({ ticket }: { ticket: MyTicket }) {
  const refundCents = ticket.cancellation?.refundCents ?? 0;
  const alreadyRefunded = ticket.cancellation?.alreadyRefundedCents ?? 0;
  return (
    <>
      <p>
        {ticket.event.title}, Code {ticket.code}
      </p>
      <p className="font-medium text-card-foreground">
        {/* a free ticket: no tier, no policy (docs/product/tickets-and-refunds.md#free-ticket-cancel) */}
        {isFreeTicket(ticket)
          ? FREE_TICKET_TEXTS.dialog
          : refundCents > 0
            ? `Erstattung: ${formatPrice(refundCents, ticket.currency)}`
            : alreadyRefunded > 0
              ? 'Keine Erstattung mehr offen.'
              : 'Keine Erstattung gemäß Stornierungsrichtlinie.'}
      </p>
      {alreadyRefunded > 0 && <p>{alreadyRefundedText(alreadyRefunded, ticket.currency)}</p>}
      <p>Die Stornierung kann nicht rückgängig gemacht werden. Dein Platz wird wieder freigegeben.</p>
    </>
  );
}
