import { useEffect, useRef, useState } from 'react';
import { TRANSFER_ADMIN_MESSAGES, type AdminTransferBooking } from '@shared/bank-statements';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { formatDate, formatPrice } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { useTransferBookings } from '../api/get-transfer-bookings';
import { useMarkTransferPaid } from '../api/mark-transfer-paid';
import { ExtendDueForm } from './extend-due-form';
import { LoadState } from './load-state';
import { Cell, HeadRow, tableClass } from './table-cell';

const COLUMNS = ['Bestellung', 'Event', 'Käufer', 'Zahlung', 'Fälligkeit', 'Aktionen'];
const HEADING_ID = 'open-transfers-heading';
const markPaidButtonId = (bookingId: string) => `mark-paid-${bookingId}`;

/**
 * 'Offene Überweisungen' (docs/product/bank-transfer.md#admin-actions): the bookings that wait for money,
 * due first, with what arrived; the admin moves the due date or confirms a booking paid another way.
 */
export function OpenTransfersSection() {
  const bookings = useTransferBookings();
  const markPaid = useMarkTransferPaid();
  const [paying, setPaying] = useState<AdminTransferBooking | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const rows = bookings.data?.bookings ?? [];

  const confirmPaid = (booking: AdminTransferBooking) =>
    markPaid
      .mutateAsync(booking.bookingId)
      .then(() => toast.success(TRANSFER_ADMIN_MESSAGES.markedPaid))
      .catch((failure: unknown) =>
        toast.error(messageOf(failure, 'Die Buchung konnte nicht als bezahlt markiert werden.')),
      )
      .finally(() => setPaying(null));

  return (
    <section aria-labelledby={HEADING_ID} className="flex flex-col gap-3">
      <h2 id={HEADING_ID} ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        Offene Überweisungen
      </h2>
      <LoadState
        query={bookings}
        failedText="Die offenen Überweisungen konnten nicht geladen werden."
        emptyText="Keine offenen Überweisungen."
        isEmpty={rows.length === 0}
      >
        <div className={tableClass.frame}>
          <table className="block w-full text-left text-sm md:table md:min-w-[56rem]">
            <caption className="sr-only">Buchungen, die auf eine Überweisung warten</caption>
            <thead className={tableClass.head}>
              <HeadRow columns={COLUMNS} />
            </thead>
            <tbody className={tableClass.body}>
              {rows.map((booking) => (
                <TransferRow
                  key={booking.bookingId}
                  booking={booking}
                  onMarkPaid={() => setPaying(booking)}
                />
              ))}
            </tbody>
          </table>
        </div>
      </LoadState>
      <ConfirmDialog
        open={paying !== null}
        title="Buchung als bezahlt markieren?"
        description={paying && <MarkPaidDetails booking={paying} />}
        confirmLabel="Als bezahlt markieren"
        busyLabel="Wird markiert …"
        onCancel={() => setPaying(null)}
        onConfirm={() => (paying ? confirmPaid(paying) : undefined)}
        // once paid, the row is gone: the focus goes to the heading
        returnFocus={() =>
          (paying && document.getElementById(markPaidButtonId(paying.bookingId))) || heading.current
        }
      />
    </section>
  );
}

function TransferRow({ booking, onMarkPaid }: { booking: AdminTransferBooking; onMarkPaid: () => void }) {
  const [extending, setExtending] = useState(false);
  const extendButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  // the focus goes back to 'Fälligkeit verlängern' once the form is closed and the button is back
  useEffect(() => {
    if (!extending && refocus.current) extendButton.current?.focus();
    refocus.current = false;
  }, [extending]);
  const closeExtend = () => {
    refocus.current = true;
    setExtending(false);
  };
  return (
    <tr data-booking-id={booking.bookingId} className={tableClass.row}>
      <Cell label="Bestellung" className="whitespace-nowrap font-mono">
        {booking.orderNumber}
      </Cell>
      <Cell label="Event" className="break-words md:max-w-[14rem]">
        {booking.eventTitle}
      </Cell>
      <Cell label="Käufer">
        <span className="block break-words">{booking.buyerName}</span>
        <span className="block break-all text-xs text-muted-foreground">{booking.buyerEmail}</span>
      </Cell>
      <Cell label="Zahlung" className="whitespace-nowrap tabular-nums">
        Bezahlt {formatPrice(booking.paidCents, booking.currency)} von{' '}
        {formatPrice(booking.totalCents, booking.currency)}
      </Cell>
      <Cell label="Fälligkeit" className="whitespace-nowrap">
        Fällig bis {formatDate(booking.dueAt)}
      </Cell>
      <Cell label="Aktionen">
        {extending ? (
          <ExtendDueForm bookingId={booking.bookingId} onDone={closeExtend} />
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button ref={extendButton} size="sm" variant="secondary" onClick={() => setExtending(true)}>
              Fälligkeit verlängern
            </Button>
            <Button
              id={markPaidButtonId(booking.bookingId)}
              size="sm"
              variant="secondary"
              onClick={onMarkPaid}
            >
              Als bezahlt markieren
            </Button>
          </div>
        )}
      </Cell>
    </tr>
  );
}

function MarkPaidDetails({ booking }: { booking: AdminTransferBooking }) {
  return (
    <>
      <p>
        {booking.orderNumber}, {booking.eventTitle}: eingegangen sind{' '}
        {formatPrice(booking.paidCents, booking.currency)} von{' '}
        {formatPrice(booking.totalCents, booking.currency)}.
      </p>
      <p>
        Die Buchung wird bestätigt, als wäre das Geld eingegangen: {booking.buyerName} bekommt die Tickets und
        die Bestätigungsmail an {booking.buyerEmail}.
      </p>
      <p>Das wird mit deinem Namen protokolliert.</p>
    </>
  );
}
