import { ArrowRightLeft, Award, Download, FileText, PenLine, XCircle } from 'lucide-react';
import { useRef, useState, type RefObject } from 'react';
import { cancelButtonLabel } from '@shared/refund-rules';
import { isFreeTicket, TICKET_MESSAGES, type MyTicket } from '@shared/tickets';
import { Button, buttonClasses } from '@web/components/ui/button';
import { invoicePdfFileName, invoicePdfUrl } from '@web/lib/invoice-pdf';
import {
  cancelFailureText,
  cancelSuccessText,
  useCancelTicket,
  type RefundAccount,
} from '../api/cancel-ticket';
import { downloadTicket } from '../api/download-ticket';
import { TransferTicketDialog } from '@web/components/transfer-ticket-dialog';
import { toast } from '@web/lib/toast';
import { useTransferTicket } from '../api/transfer-ticket';
import { CancelTicketDialog } from './cancel-ticket-dialog';
import { HolderNameDialog } from './holder-name-dialog';
import { refundAccountErrorsOf } from '../refund-account';

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

  // The server's complaints about the refund account keep the dialog open at its fields
  // (docs/product/bank-transfer.md#refunds); any other answer closes it.
  const confirmCancel = (payout?: RefundAccount) =>
    cancel.mutateAsync({ ticketId: ticket.id, payout }).then(
      (result) => {
        toast.success(cancelSuccessText(result, isFreeTicket(ticket)));
        setConfirming(false);
        return null;
      },
      (error: unknown) => {
        const fieldErrors = payout ? refundAccountErrorsOf(error) : {};
        if (Object.keys(fieldErrors).length > 0) return fieldErrors;
        toast.error(TICKET_MESSAGES.cancelFailedTitle, { description: cancelFailureText(error) });
        setConfirming(false);
        return null;
      },
    );

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
      {ticket.certificate && <CertificateLink certificate={ticket.certificate} />}
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
          {cancel.isPending
            ? 'Wird storniert …'
            : cancelButtonLabel(ticket.cancellation.share, isFreeTicket(ticket))}
        </Button>
      )}
      <CancelTicketDialog
        ticket={ticket}
        open={confirming}
        busy={cancel.isPending}
        onCancel={() => setConfirming(false)}
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

/** The holder's certificate of attendance as a PDF (docs/product/certificates.md#my-tickets). */
function CertificateLink({ certificate }: { certificate: { id: string; code: string } }) {
  return (
    <a
      href={`/api/certificates/${encodeURIComponent(certificate.id)}/pdf`}
      download
      title={`Teilnahmebescheinigung (Prüfcode ${certificate.code}) als PDF`}
      className={buttonClasses('secondary', 'sm')}
    >
      <Award className="h-4 w-4" aria-hidden />
      Teilnahmebescheinigung
    </a>
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
