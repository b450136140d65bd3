import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { perTicketText, seatsPerTicket } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import type { SessionState } from '@shared/session';
import { SignInFlow } from '@web/components/sign-in/sign-in-flow';
import { formatPrice } from '@web/lib/format';
import { sessionQuery, useSession } from '@web/lib/session';
import { usePaymentConfig } from './api/get-payment-config';
import {
  clampQuantity,
  maxQuantity,
  orderButtonState,
  orderPrice,
  type PaymentReadiness,
} from './checkout-rules';
import { BookableEvent } from './components/bookable-event';
import { EventSummary } from './components/event-summary';
import { HolderNameField } from './components/holder-name-field';
import { OrderButton } from './components/order-button';
import { OrderPhoneField } from './components/order-phone-field';
import { OrderSummary } from './components/order-summary';
import { PaymentMethodBlock } from './components/payment-method-block';
import { QuantityStepper } from './components/quantity-stepper';
import { StepIndicator } from './components/step-indicator';
import { useHolderName } from './use-holder-name';
import { useOrderPhone } from './use-order-phone';
import { usePlaceOrder } from './use-place-order';

const cardClass = 'rounded-2xl border border-border bg-card p-5 text-card-foreground sm:p-6';

/** /checkout/{eventId}: order first, then pay on the next page (docs/product/payments.md#order-then-pay). */
export function CheckoutPage() {
  const { eventId = '' } = useParams();
  return (
    <BookableEvent eventId={eventId} title="Checkout">
      {(event, now) => <Checkout event={event} now={now} />}
    </BookableEvent>
  );
}

function Checkout({ event, now }: { event: PublicEvent; now: Date }) {
  const queryClient = useQueryClient();
  const { status, user } = useSession();
  const signedIn = status === 'signed-in';
  const max = maxQuantity(event);
  const [wanted, setWanted] = useState(1);
  // Live seat updates may lower the maximum below the chosen number.
  const quantity = clampQuantity(wanted, max);
  const price = orderPrice(event, quantity, now);
  const holder = useHolderName(user);
  const phone = useOrderPhone(user);
  const [nameTouched, setNameTouched] = useState(false);
  const config = usePaymentConfig(!price.free);
  const { placeOrder, busy } = usePlaceOrder();

  const payments: PaymentReadiness = price.free
    ? 'ready'
    : config.isPending
      ? 'loading'
      : config.isError || config.data.provider !== null
        ? 'ready' // a failed config read does not block: the server decides when the order is sent
        : 'unavailable';
  const button = orderButtonState({
    signedIn,
    holderName: holder.value,
    quantity,
    maxQuantity: max,
    free: price.free,
    payments,
    busy,
  });

  // After the quick sign-in the order part takes the card's place: move focus there.
  const orderHeading = useRef<HTMLHeadingElement>(null);
  const [justSignedIn, setJustSignedIn] = useState(false);
  // The quick sign-in: the session is read again, so the page re-renders signed in and carries on where it
  // was; nothing navigates.
  const afterQuickSignIn = async () => {
    await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
    setJustSignedIn(true);
  };
  useEffect(() => {
    if (justSignedIn && signedIn) orderHeading.current?.focus();
  }, [justSignedIn, signedIn]);

  const order = async () => {
    if (!user || button.disabled) return;
    await holder.flush(); // a name typed in the last 600 ms counts for the completeness check
    if (!(await phone.ensure())) return;
    const current = queryClient.getQueryData<SessionState>(sessionQuery.queryKey)?.user ?? user;
    await placeOrder({
      user: current,
      eventId: event.id,
      quantity,
      holderName: holder.value,
      free: price.free,
    });
  };

  const ticketsLeft = Math.floor(Math.max(0, event.availableSeats) / seatsPerTicket(event.priceUnit));
  const unitText = event.priceUnit === 'per_pair' ? 'Tickets (je 1 Paar)' : 'Tickets';

  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 pb-16 sm:px-6">
      <Link
        to={`/event/${event.slug}`}
        className="inline-flex items-center gap-1 rounded-md text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Zurück zum Event
      </Link>
      <div className="mt-4 flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <h1 className="font-serif text-3xl font-semibold tracking-tight">Tickets buchen</h1>
        <StepIndicator current={0} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <EventSummary event={event} price={price} />
          <section aria-labelledby="order-details-heading" className={cardClass}>
            <h2 id="order-details-heading" className="text-lg font-semibold">
              Deine Tickets
            </h2>
            <div className="mt-4 flex flex-col gap-5">
              <HolderNameField
                value={holder.value}
                onChange={(value) => {
                  setNameTouched(true);
                  holder.change(value);
                }}
                saved={holder.saved}
                error={holder.error}
                showRequired={nameTouched}
              />
              {phone.asked && (
                <OrderPhoneField value={phone.value} onChange={phone.change} error={phone.error} />
              )}
              <QuantityStepper
                value={quantity}
                max={max}
                onChange={setWanted}
                hint={`${perTicketText(event.priceUnit)} · ${
                  ticketsLeft > max ? `höchstens ${max} pro Buchung` : `noch ${ticketsLeft} verfügbar`
                }`}
              />
              <p className="flex items-baseline justify-between border-t border-border pt-4">
                <span className="font-medium">Gesamt</span>
                <span className="text-xl font-semibold tabular-nums">
                  {price.free ? 'Kostenlos' : formatPrice(price.totalCents, event.currency)}
                </span>
              </p>
            </div>
          </section>
        </div>

        <div className="flex flex-col gap-6 lg:sticky lg:top-24">
          <OrderSummary
            title={event.title}
            quantity={quantity}
            price={price}
            currency={event.currency}
            unitText={unitText}
          />
          <section aria-labelledby="order-heading" className={`${cardClass} flex flex-col gap-5`}>
            <h2
              id="order-heading"
              ref={orderHeading}
              tabIndex={-1}
              className="text-lg font-semibold outline-none"
            >
              {signedIn ? 'Bestellung abschließen' : 'Anmelden und buchen'}
            </h2>
            {!price.free && (
              <PaymentMethodBlock config={config.data} loading={config.isPending} failed={config.isError} />
            )}
            {signedIn ? (
              <OrderButton
                label={button.label}
                disabled={button.disabled}
                busy={busy}
                totalCents={price.totalCents}
                currency={event.currency}
                onOrder={() => void order()}
              />
            ) : status === 'loading' ? null : (
              <SignInFlow variant="inline" onVerified={afterQuickSignIn} />
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
