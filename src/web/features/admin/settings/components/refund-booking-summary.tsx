import { adminRefundCents, type AdminRefundLookup } from '@shared/admin-refunds';
import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import { ApiError } from '@web/lib/api-client';
import { formatDateTimeShort, formatPrice } from '@web/lib/format';
import { useRefundLookup } from '../api/lookup-refund-booking';
import { loadFailedText } from './server-message';

export const REFUND_SUMMARY_TEXTS = {
  searching: 'Buchung wird gesucht …',
  notFound: 'Buchung nicht gefunden.',
  nothingPaid: 'Für diese Buchung gibt es keine Zahlung, die erstattet werden kann.',
} as const;

/** 'Erika Muster <erika@example.org>', or whichever of the two there is. */
export const buyerLabel = (booking: AdminRefundLookup) =>
  [booking.buyerName, booking.buyerEmail && `<${booking.buyerEmail}>`].filter(Boolean).join(' ') || '–';

/**
 * The booking behind the typed order number or id (docs/decisions/020-order-numbers.md): buyer, event,
 * paid, refunded already, what is left, and what the request as typed would refund. Announced politely
 * to screen readers, as it follows the typing.
 */
export function RefundBookingSummary({
  reference,
  request,
}: {
  reference: string | null;
  /** The share or amount as typed, when it is valid. */
  request: { percent?: number; amountCents?: number } | null;
}) {
  const lookup = useRefundLookup(reference);
  if (reference === null) return null;
  const content = (() => {
    if (lookup.isPending) return <p className="text-muted-foreground">{REFUND_SUMMARY_TEXTS.searching}</p>;
    if (lookup.isError) {
      const missing = lookup.error instanceof ApiError && lookup.error.status === 404;
      return <p>{missing ? REFUND_SUMMARY_TEXTS.notFound : loadFailedText(lookup.error)}</p>;
    }
    const booking = lookup.data;
    const money = (cents: number) => formatPrice(cents, booking.currency);
    const cents = request ? adminRefundCents(booking, request) : null;
    return (
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">{ORDER_NUMBER_LABEL}</dt>
        <dd className="font-mono">{booking.orderNumber}</dd>
        <dt className="text-muted-foreground">Käufer:in</dt>
        <dd className="break-all">{buyerLabel(booking)}</dd>
        <dt className="text-muted-foreground">Event</dt>
        <dd>
          {booking.eventTitle} ({formatDateTimeShort(booking.eventStart, booking.eventTimezone)})
        </dd>
        <dt className="text-muted-foreground">Bezahlt</dt>
        <dd>{money(booking.paidCents)}</dd>
        <dt className="text-muted-foreground">Bereits erstattet</dt>
        <dd>{money(booking.refundedCents)}</dd>
        <dt className="text-muted-foreground">Noch erstattbar</dt>
        <dd>
          {booking.refundableCents > 0 ? money(booking.refundableCents) : REFUND_SUMMARY_TEXTS.nothingPaid}
        </dd>
        {cents !== null && booking.refundableCents > 0 && (
          <>
            <dt className="font-semibold">Diese Erstattung</dt>
            <dd className="font-semibold">{money(cents)}</dd>
          </>
        )}
      </dl>
    );
  })();
  return (
    <div
      role="status"
      aria-label="Gefundene Buchung"
      className="rounded-xl border border-border bg-muted/40 p-3 text-sm"
    >
      {content}
    </div>
  );
}
