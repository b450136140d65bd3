import { Hourglass } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BOOKING_MESSAGES, type BookingView } from '@shared/booking';
import { formatDate, formatTime } from '@shared/date-range';
import { OPEN_PAYMENT_TEXTS } from '@shared/late-payments';
import { PAYMENT_MESSAGES } from '@shared/payments';
import { buttonClasses } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { ApiError } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/page-title';
import { useBooking } from './api/get-booking';
import { useBookingBankTransfer } from './api/get-booking-bank-transfer';
import { BookingConfirmed } from './components/booking-confirmed';
import { BookingOverview } from './components/booking-overview';
import { CheckoutProblem } from './components/checkout-problem';
import { PendingPayment } from './components/pending-payment';
import { StepIndicator } from './components/step-indicator';
import { usePaymentReturn } from './use-payment-return';

import { TestRedirectPage } from './test-redirect-page';

/** While a payment is processing, the booking is read again this often, for at most a minute. */
const PROCESSING_POLL_MS = 3000;
const PROCESSING_POLL_FOR_MS = 60_000;

/**
 * /booking/{bookingId}/success (docs/product/payments.md#order-then-pay): the payment step while the booking
 * is pending (or what to transfer, when it pays by transfer: docs/product/bank-transfer.md#instructions), the
 * confirmation with tickets and calendar links once it is confirmed.
 */
export function BookingSuccessPage() {
  // /booking/{bookingId}/testzahlung/{method}: the test provider's stand-in for PayPal's or Klarna's page, in this
  // page's chunk (a chunk of its own would split the checkout's shared chunks; decision 056)
  return useParams().method === undefined ? <BookingSuccess /> : <TestRedirectPage />;
}

function BookingSuccess() {
  const { bookingId = '' } = useParams();
  const [processingSince, setProcessingSince] = useState<number | null>(null);
  const onProcessing = useCallback(() => setProcessingSince((since) => since ?? Date.now()), []);
  const syncing = usePaymentReturn(bookingId, onProcessing);
  const {
    data: booking,
    error,
    isPending,
  } = useBooking(bookingId, {
    refetchInterval: processingSince !== null ? PROCESSING_POLL_MS : false,
  });
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 422);
  usePageTitle(!booking ? (notFound ? 'Buchung nicht gefunden' : 'Buchung') : pageTitle(booking));

  // Stop asking once the booking moved on or a minute has passed (the e-mail follows anyway).
  useEffect(() => {
    if (processingSince === null) return;
    if (booking && booking.status !== 'pending') return setProcessingSince(null);
    const timer = setTimeout(() => setProcessingSince(null), PROCESSING_POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, [processingSince, booking]);

  if (booking && !syncing) {
    return (
      <BookingResult booking={booking} processing={processingSince !== null} onProcessing={onProcessing} />
    );
  }
  if (isPending || syncing) return <PageSpinner label={syncing ? 'Zahlung wird geprüft …' : undefined} />;
  if (notFound)
    return (
      <CheckoutProblem
        title={BOOKING_MESSAGES.bookingNotFound}
        to="/my-tickets"
        linkText="Zu meinen Tickets"
      />
    );
  return (
    <CheckoutProblem
      title="Die Buchung konnte nicht geladen werden."
      to="/my-tickets"
      linkText="Zu meinen Tickets"
    >
      Bitte versuche es gleich noch einmal.
    </CheckoutProblem>
  );
}

const pageTitle = (booking: BookingView) =>
  booking.status === 'confirmed' ? 'Buchung bestätigt' : booking.status === 'pending' ? 'Zahlung' : 'Buchung';

function BookingResult({
  booking,
  processing,
  onProcessing,
}: {
  booking: BookingView;
  processing: boolean;
  onProcessing: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStatus = useRef(booking.status);
  const pending = booking.status === 'pending';
  // a returned debit is paid again on this page (docs/decisions/054-late-verdicts-and-returned-debits.md)
  const returned = booking.status === 'confirmed' && booking.paymentStatus === 'returned';
  const transfer = useBookingBankTransfer(booking.id, pending || returned);
  const byTransfer = pending && Boolean(transfer.data);
  // chosen on this visit: the instructions' heading takes the focus when they replace the payment step
  const [transferChosen, setTransferChosen] = useState(false);
  // A new step (paid → confirmed): focus its heading so screen readers and keyboards follow.
  useEffect(() => {
    if (shownStatus.current === booking.status) return;
    shownStatus.current = booking.status;
    heading.current?.focus();
  }, [booking.status]);

  if (booking.status === 'cancelled' || booking.status === 'expired') {
    return (
      <CheckoutProblem
        title={booking.status === 'expired' ? 'Reservierung abgelaufen' : 'Buchung storniert'}
        to={`/event/${booking.event.slug}`}
        linkText="Zurück zum Event"
      >
        {booking.status === 'expired'
          ? PAYMENT_MESSAGES.holdExpired
          : `Diese Buchung für „${booking.event.title}“ wurde storniert.`}
      </CheckoutProblem>
    );
  }
  const confirmed = booking.status === 'confirmed' && !returned;
  // a late method (SEPA debit) the bank has not decided yet: the seats stay held until it does
  // (docs/decisions/056-payment-methods-and-the-checkout.md)
  const inProcessing = !confirmed && (processing || booking.paymentStatus === 'processing');
  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 pb-16 sm:px-6">
      <StepIndicator current={confirmed ? 2 : 1} />
      <h1
        ref={heading}
        tabIndex={-1}
        className="mt-6 font-serif text-3xl font-semibold tracking-tight outline-none"
      >
        {confirmed
          ? 'Buchung erfolgreich!'
          : inProcessing
            ? 'Zahlung in Bearbeitung'
            : returned
              ? OPEN_PAYMENT_TEXTS.returned
              : byTransfer
                ? 'Fast geschafft: jetzt überweisen'
                : 'Fast geschafft: jetzt bezahlen'}
      </h1>
      <p className="mt-2 text-muted-foreground">
        {confirmed
          ? 'Vielen Dank! Deine Buchung ist bestätigt.'
          : inProcessing
            ? 'Deine Plätze bleiben reserviert, bis die Zahlung bestätigt ist.'
            : payAgainText(booking) ||
              (byTransfer
                ? 'Deine Plätze sind für dich reserviert.'
                : 'Deine Plätze sind reserviert. Schließe die Zahlung ab, dann bekommst du deine Tickets.')}
      </p>
      <div className="mt-6 flex flex-col gap-6">
        <BookingOverview booking={booking} />
        {confirmed ? (
          <BookingConfirmed booking={booking} />
        ) : inProcessing ? (
          <Processing />
        ) : (
          <PendingPayment
            booking={booking}
            transfer={{
              data: transfer.data,
              isError: transfer.isError,
              retry: () => void transfer.refetch(),
            }}
            onProcessing={onProcessing}
            onBankTransferChosen={() => setTransferChosen(true)}
            focusInstructions={transferChosen}
          />
        )}
      </div>
    </div>
  );
}

/** A returned debit's or a failed late payment's 'pay again by …' (docs/decisions/054-late-verdicts-and-returned-debits.md). */
function payAgainText(booking: BookingView): string {
  const zone = booking.event.timezone;
  const when = (iso: string) => `${formatDate(iso, zone)}, ${formatTime(iso, zone)} Uhr`;
  if (booking.status === 'confirmed' && booking.paymentStatus === 'returned' && booking.paymentDueAt) {
    return OPEN_PAYMENT_TEXTS.returnedHint(when(booking.paymentDueAt));
  }
  if (booking.status === 'pending' && booking.paymentStatus === 'failed' && booking.holdExpiresAt) {
    return `${OPEN_PAYMENT_TEXTS.failed}. ${OPEN_PAYMENT_TEXTS.payUntil(when(booking.holdExpiresAt))}`;
  }
  return '';
}

function Processing() {
  return (
    <section
      role="status"
      className="flex flex-col items-start gap-4 rounded-2xl border border-border bg-card p-5 sm:p-6"
    >
      <p className="flex items-start gap-3">
        <Hourglass className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
        {PAYMENT_MESSAGES.processing}
      </p>
      <Link to="/my-tickets" className={buttonClasses('secondary')}>
        Zu meinen Tickets
      </Link>
    </section>
  );
}
