import { Link } from 'react-router';
import { formatDate, formatTime } from '@shared/date-range';
import { OPEN_PAYMENT_TEXTS, type OpenPayment } from '@shared/late-payments';
import { useOpenPayments } from '../api/get-open-payments';

const HEADING_ID = 'open-payments-heading';

const when = (iso: string, zone: string) => `${formatDate(iso, zone)}, ${formatTime(iso, zone)} Uhr`;

/**
 * 'Offene Zahlungen' in Meine Tickets (docs/decisions/054-late-verdicts-and-returned-debits.md): each booking
 * whose payment is in processing ('Zahlung in Bearbeitung'), failed after processing or returned ('Zahlung
 * zurückgebucht'), with the date to pay again by and the link to its page. Nothing shows without one (nor when
 * the list did not load: the booking's page and the mails say the same).
 */
export function OpenPaymentsSection({ userId }: { userId: string }) {
  const { data } = useOpenPayments(userId);
  const open = data?.payments ?? [];
  if (open.length === 0) return null;
  return (
    <section aria-labelledby={HEADING_ID} className="flex flex-col gap-3">
      <h2 id={HEADING_ID} className="text-lg font-semibold">
        {OPEN_PAYMENT_TEXTS.heading}
      </h2>
      <ul className="flex flex-col gap-4">
        {open.map((payment) => (
          <OpenPaymentItem key={payment.bookingId} payment={payment} />
        ))}
      </ul>
    </section>
  );
}

function OpenPaymentItem({ payment }: { payment: OpenPayment }) {
  const { event, state, payUntil } = payment;
  const due = payUntil ? when(payUntil, event.timezone) : null;
  const hint =
    state === 'processing'
      ? OPEN_PAYMENT_TEXTS.processingHint
      : state === 'returned' && due
        ? OPEN_PAYMENT_TEXTS.returnedHint(due)
        : due
          ? OPEN_PAYMENT_TEXTS.payUntil(due)
          : '';
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-border bg-card p-5">
      <h3 className="font-semibold">{event.title}</h3>
      <p className="text-sm font-medium" data-state={state}>
        {OPEN_PAYMENT_TEXTS[state]}
      </p>
      {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
      <Link
        to={`/booking/${encodeURIComponent(payment.bookingId)}/success`}
        className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {state === 'processing' ? OPEN_PAYMENT_TEXTS.view(payment.orderNumber) : OPEN_PAYMENT_TEXTS.payNow}
      </Link>
    </li>
  );
}
