import { ArrowRightLeft, Download, FileText, PenLine, XCircle } from 'lucide-react';
import { useRef, useState, type RefObject } from 'react';
import { cancelButtonLabel } from '@shared/refund-rules';
import { TICKET_MESSAGES, type MyTicket } from '@shared/tickets';
import { Button, buttonClasses } from '@web/components/ui/button';
import { formatPrice } from '@web/lib/format';
import { invoicePdfFileName, invoicePdfUrl } from '@web/lib/invoice-pdf';
import { cancelFailureText, cancelSuccessText, useCancelTicket } from '../api/cancel-ticket';
import { downloadTicket } from '../api/download-ticket';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { TransferTicketDialog } from '@web/components/transfer-ticket-dialog';
import { toast } from '@web/lib/toast';
import { useTransferTicket } from '../api/transfer-ticket';
import { HolderNameDialog } from './holder-name-dialog';

/**
 * Cancelling only for upcoming events, with the server's refund offer
 * (docs/product/tickets-and-refunds.md#who-cancels).
 */
export const canCancel = (ticket: MyTicket, now: Date) =>
  ticket.status === 'active' &&
  ticket.cancellation !== null &&
  new Date(ticket.event.startTime).getTime() > now.getTime();

/**
 * Transfer to a substitute: the server's `transferableUntil` decides (the buyer only, before the event's
 * cut-off); without it, active and not checked-in tickets before the start
 * (docs/product/tickets-and-refunds.md#ticket-transfer).
 */
export function canTransfer(ticket: MyTicket, now: Date): boolean {
  if (ticket.transferableUntil !== undefined) {
    return ticket.transferableUntil !== null && new Date(ticket.transferableUntil).getTime() > now.getTime();
  }
  return (
    ticket.status === 'active' &&
    !ticket.isCheckedIn &&
    ticket.isBuyer !== false &&
    new Date(ticket.event.startTime).getTime() > now.getTime()
  );
}

/**
 * The name fix, by the buyer until the start: the server's `holderNameEditable`, else the same rule
 * (docs/product/tickets-and-refunds.md#holder-name-change).
 */
export function canChangeName(ticket: MyTicket, now: Date): boolean {
  if (ticket.holderNameEditable !== undefined) return ticket.holderNameEditable;
  return (
    ticket.status === 'active' &&
    ticket.isBuyer !== false &&
    new Date(ticket.event.startTime).getTime() > now.getTime()
  );
}

/** Download, the booking's invoice, transfer, name fix and cancel of one ticket. */
export function TicketActions({
  ticket,
  now,
  cardRef,
}: {
  ticket: MyTicket;
  now: Date;
  cardRef: RefObject<HTMLElement | null>;
}) {
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const transfer = useTransferTicket();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const transferRef = useRef<HTMLButtonElement>(null);
  const cancel = useCancelTicket();
  const cancelled = ticket.status !== 'active';

  const download = async () => {
    setDownloading(true);
    try {
      await downloadTicket(ticket);
    } catch {
      toast.error(TICKET_MESSAGES.pdfFailed);
    } finally {
      setDownloading(false);
    }
  };

  const confirmCancel = () =>
    cancel.mutate(ticket.id, {
      onSuccess: (result) => toast.success(cancelSuccessText(result)),
      onError: (error) =>
        toast.error(TICKET_MESSAGES.cancelFailedTitle, { description: cancelFailureText(error) }),
      onSettled: () => setConfirming(false),
    });

  return (
    <>
      <Button
        variant={cancelled ? 'secondary' : 'primary'}
        size="sm"
        disabled={cancelled || downloading}
        onClick={() => void download()}
      >
        <Download className="h-4 w-4" aria-hidden />
        {cancelled
          ? TICKET_MESSAGES.unavailable
          : downloading
            ? 'Wird heruntergeladen …'
            : 'Ticket herunterladen'}
      </Button>
      {ticket.invoice && <InvoiceLink invoice={ticket.invoice} />}
      {canTransfer(ticket, now) && (
        <Button ref={transferRef} variant="secondary" size="sm" onClick={() => setTransferring(true)}>
          <ArrowRightLeft className="h-4 w-4" aria-hidden />
          Ticket übertragen
        </Button>
      )}
      {canChangeName(ticket, now) && (
        <Button variant="secondary" size="sm" onClick={() => setRenaming(true)}>
          <PenLine className="h-4 w-4" aria-hidden />
          Name ändern
        </Button>
      )}
      {!cancelled && !canCancel(ticket, now) && (
        // cancelling is disabled for past events (the button stays, greyed out;
        // docs/product/tickets-and-refunds.md#who-cancels)
        <Button variant="secondary" size="sm" disabled title="Das Event hat bereits begonnen.">
          <XCircle className="h-4 w-4" aria-hidden />
          Stornieren
        </Button>
      )}
      {ticket.cancellation && canCancel(ticket, now) && (
        <Button
          ref={cancelRef}
          variant="secondary"
          size="sm"
          disabled={cancel.isPending}
          onClick={() => setConfirming(true)}
        >
          <XCircle className="h-4 w-4" aria-hidden />
          {cancel.isPending ? 'Wird storniert …' : cancelButtonLabel(ticket.cancellation.share)}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        title="Ticket stornieren?"
        description={<CancelDetails ticket={ticket} />}
        confirmLabel="Ticket stornieren"
        busyLabel="Wird storniert …"
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        returnFocus={() => cancelRef.current ?? cardRef.current}
      />
      <TransferTicketDialog
        ticket={transferring ? { code: ticket.code, eventTitle: ticket.event.title } : null}
        onClose={() => setTransferring(false)}
        onTransfer={(input) => transfer.mutateAsync({ ticketId: ticket.id, ...input })}
        // after a transfer the button is gone: the focus goes to the card
        returnFocus={() => transferRef.current ?? cardRef.current}
      />
      <HolderNameDialog ticket={renaming ? ticket : null} onClose={() => setRenaming(false)} />
    </>
  );
}

/** The booking's invoice as a PDF, saved as 'Rechnung-{number}.pdf' (issue 19). */
function InvoiceLink({ invoice }: { invoice: { id: string; number: string } }) {
  return (
    <a
      href={invoicePdfUrl(invoice.id)}
      download={invoicePdfFileName(invoice.number)}
      title={`Rechnung ${invoice.number} als PDF`}
      className={buttonClasses('secondary', 'sm')}
    >
      <FileText className="h-4 w-4" aria-hidden />
      Rechnung
    </a>
  );
}

/**
 * A free ticket's button names the tier like any other
 * (docs/product/tickets-and-refunds.md#cancel-button-label); the dialog says what it means.
 */
export const FREE_TICKET_NO_REFUND = 'Das Ticket war kostenlos, es gibt nichts zu erstatten.';

/**
 * After an earlier refund on the booking the dialog says why less comes back than the tier promises; the
 * button's percentage is already what is left (docs/decisions/023-refund-percentages.md).
 */
export const alreadyRefundedText = (cents: number, currency: string) =>
  `Auf deine Buchung wurden bereits ${formatPrice(cents, currency)} erstattet; erstattet wird höchstens, was noch offen ist.`;

function CancelDetails({ ticket }: { ticket: MyTicket }) {
  const refundCents = ticket.cancellation?.refundCents ?? 0;
  const alreadyRefunded = ticket.cancellation?.alreadyRefundedCents ?? 0;
  return (
    <>
      <p>
        {ticket.event.title}, Code {ticket.code}
      </p>
      <p className="font-medium text-card-foreground">
        {refundCents > 0
          ? `Erstattung: ${formatPrice(refundCents, ticket.currency)}`
          : ticket.priceCents === 0
            ? FREE_TICKET_NO_REFUND
            : alreadyRefunded > 0
              ? 'Keine Erstattung mehr offen.'
              : 'Keine Erstattung gemäß Stornierungsrichtlinie.'}
      </p>
      {alreadyRefunded > 0 && <p>{alreadyRefundedText(alreadyRefunded, ticket.currency)}</p>}
      <p>Die Stornierung kann nicht rückgängig gemacht werden. Dein Platz wird wieder freigegeben.</p>
    </>
  );
}
