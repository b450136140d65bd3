import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { BookingView } from '@shared/booking';
import {
  METHOD_MESSAGES,
  offeredOnlineMethods,
  orderedMethods,
  PAYMENT_METHOD_LABELS,
  type OnlineMethod,
} from '@shared/payment-methods';
import { PAYMENT_MESSAGES } from '@shared/payments';
import { Button } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { ApiError } from '@web/lib/api-client';
import { bookingKey } from '../api/get-booking';
import { usePaymentConfig } from '../api/get-payment-config';
import { usePaymentSession } from '../api/start-payment';
import { useNow } from '@web/lib/use-now';
import { toast } from '@web/lib/toast';
import { bankTransferOfferedFor } from '../bank-transfer-offer';
import { BankTransferChoice } from './bank-transfer-choice';
import { HoldNotice, holdIsOver } from './hold-notice';
import { PaymentChoice, type PaymentChoiceValue } from './payment-choice';
import { TestPayment } from './test-payment';

// Its own chunk: only a Stripe payment downloads the Stripe libraries.
const StripePayment = lazy(() =>
  import('./stripe-payment').catch(() => ({
    default: () => <ErrorText boxed>{PAYMENT_MESSAGES.initFailed}</ErrorText>,
  })),
);

const Spinner = ({ text }: { text: string }) => (
  <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
    <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> {text}
  </p>
);

/**
 * The payment step of a pending booking (docs/product/payments.md#order-then-pay): POST …/payment, then the
 * test provider's buttons or Stripe's Payment Element, under the hold countdown. An expired hold (the clock
 * or the server's 409) ends it with a link back to the event. Where the shop takes transfers and the event is
 * far enough ahead, the buyer first chooses between paying online and 'Überweisung (Vorkasse)'
 * (docs/product/bank-transfer.md#offered), in the admin's order of 'Zahlungsarten'; the online choice names the
 * methods this payment offers, which the server decides when it starts (docs/decisions/056-payment-methods-and-the-checkout.md).
 */
export function PaymentStep({
  booking,
  onProcessing,
  onBankTransferChosen,
}: {
  booking: BookingView;
  onProcessing: () => void;
  onBankTransferChosen?: () => void;
}) {
  const queryClient = useQueryClient();
  const now = useNow(15_000);
  const expiredLocally = holdIsOver(booking.holdExpiresAt, now);
  const config = usePaymentConfig();
  // a transfer is chosen for a pending order; a returned debit is paid again online (decision 054)
  const transferOffered =
    booking.status === 'pending' &&
    bankTransferOfferedFor(
      config.data,
      { startTime: booking.event.startTime, currency: booking.currency },
      now,
    );
  const settings = config.data?.methods;
  // what the server will offer, but for Billie (the booking's billing address is the server's to read)
  const expected: OnlineMethod[] = settings
    ? offeredOnlineMethods(settings, {
        eventStart: new Date(booking.event.startTime),
        now,
        amountCents: booking.totalAmountCents,
        currency: booking.currency,
        company: true,
      })
    : ['card', 'wallet'];
  const order = settings ? orderedMethods(settings) : [];
  const firstOnline = Math.min(...expected.map((m) => order.indexOf(m)));
  const transferFirst = order.includes('bank_transfer') && order.indexOf('bank_transfer') < firstOnline;
  const [chosen, setMethod] = useState<PaymentChoiceValue | null>(null);
  const method = chosen ?? (transferFirst ? 'transfer' : 'card');
  const [noOnline, setNoOnline] = useState(false);
  // a shop that takes transfers only, or no online method fits this order: no card to choose
  // (docs/product/bank-transfer.md#offered)
  const transferOnly =
    transferOffered && (config.data?.provider === null || expected.length === 0 || noOnline);
  const byTransfer = transferOffered && (transferOnly || method === 'transfer');
  // the card payment starts once the config says which ways there are (cached from the checkout as a rule)
  const session = usePaymentSession(booking.id, !expiredLocally && !byTransfer && !config.isPending);
  const conflict = session.error instanceof ApiError && session.error.status === 409 ? session.error : null;
  const noOnlineAnswer = conflict?.message === METHOD_MESSAGES.noOnlineMethod;
  useEffect(() => {
    if (noOnlineAnswer && transferOffered) setNoOnline(true);
  }, [noOnlineAnswer, transferOffered]);
  const alreadyPaid = conflict?.message === PAYMENT_MESSAGES.alreadyPaid;
  const initFailed = session.isError && !conflict;

  useEffect(() => {
    // Paid meanwhile, or the hold ran out: the booking itself tells what to show next.
    if (alreadyPaid || expiredLocally)
      void queryClient.invalidateQueries({ queryKey: bookingKey(booking.id), exact: true });
  }, [alreadyPaid, expiredLocally, booking.id, queryClient]);
  useEffect(() => {
    if (initFailed) toast.error(PAYMENT_MESSAGES.initFailed, { description: session.error?.message });
  }, [initFailed, session.error]);

  if (alreadyPaid) return <Spinner text="Zahlung wird bestätigt …" />;
  if (expiredLocally || (conflict && !(noOnlineAnswer && transferOffered))) {
    return (
      <HoldExpired
        slug={booking.event.slug}
        message={expiredLocally || !conflict ? PAYMENT_MESSAGES.holdExpired : conflict.message}
      />
    );
  }
  const card = session.isPending ? (
    <Spinner text="Zahlung wird vorbereitet …" />
  ) : initFailed ? (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl bg-destructive-bg px-4 py-3 text-sm"
    >
      <ErrorText alert={false} size="base">
        {PAYMENT_MESSAGES.initFailed}
        {session.error instanceof ApiError && session.error.status !== 500
          ? `: ${session.error.message}`
          : ''}
      </ErrorText>
      <Button variant="secondary" size="sm" onClick={() => void session.refetch()}>
        Erneut versuchen
      </Button>
    </div>
  ) : session.data?.provider === 'test' ? (
    <TestPayment booking={booking} methods={session.data.methods ?? ['card']} />
  ) : session.data?.provider === 'stripe' ? (
    <Suspense fallback={<Spinner text="Zahlungsformular wird geladen …" />}>
      <StripePayment session={session.data} booking={booking} onProcessing={onProcessing} />
    </Suspense>
  ) : null;

  return (
    <div className="flex flex-col gap-4">
      {booking.holdExpiresAt && <HoldNotice holdExpiresAt={booking.holdExpiresAt} now={now} />}
      {transferOffered && !transferOnly && (
        <PaymentChoice
          value={method}
          onChange={setMethod}
          transferFirst={transferFirst}
          cardLabel={
            config.data?.provider === 'test'
              ? 'Testzahlung'
              : (session.data?.methods ?? expected).map((m) => PAYMENT_METHOD_LABELS[m]).join(', ')
          }
        />
      )}
      {byTransfer ? <BankTransferChoice booking={booking} now={now} onChosen={onBankTransferChosen} /> : card}
    </div>
  );
}

function HoldExpired({ slug, message }: { slug: string; message: string }) {
  return (
    <div
      role="alert"
      className="rounded-xl border border-destructive/40 bg-destructive-bg p-4 text-sm text-destructive"
    >
      <p>{message}</p>
      <Link to={`/event/${slug}`} className="mt-2 inline-block font-medium underline underline-offset-2">
        Zurück zum Event
      </Link>
    </div>
  );
}
