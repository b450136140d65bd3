import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { perTicketText, seatsPerTicket } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import type { SessionState } from '@shared/session';
import { WAITLIST_MESSAGES } from '@shared/waitlist';
import { lazyPart } from '@web/lib/lazy-part';
import { formatPrice } from '@web/lib/format';
import { sessionQuery, useSession } from '@web/lib/session';
import { useNow } from '@web/lib/use-now';
import { usePaymentConfig } from './api/get-payment-config';
import { bankTransferOfferedFor } from './bank-transfer-offer';
import {
  clampQuantity,
  maxQuantity,
  orderButtonState,
  orderPrice,
  type PaymentReadiness,
} from './checkout-rules';
import { BillingAddressSection } from './components/billing-address-section';
import { BookableEvent } from './components/bookable-event';
import { EventSummary } from './components/event-summary';
import { FixedQuantity } from './components/fixed-quantity';
import { HolderNameField } from './components/holder-name-field';
import { OrderButton } from './components/order-button';
import { OrderPhoneField } from './components/order-phone-field';
import { OfferNotice } from './components/offer-notice';
import { OrderSummary } from './components/order-summary';
import { PaymentMethodBlock } from './components/payment-method-block';
import { QuantityStepper } from './components/quantity-stepper';
import { StepIndicator } from './components/step-indicator';
import { useBillingAddress } from './use-billing-address';
import { checkoutReservedText, isReserved, useCheckoutOffer, type CheckoutOffer } from './use-checkout-offer';
import { useHolderName } from './use-holder-name';
import { useOrderPhone } from './use-order-phone';
import { usePlaceOrder } from './use-place-order';

// the quick sign-in only a guest sees: its code comes after the page answers (docs/architecture.md#server-rendering)
const SignInFlow = lazyPart(() => import('@web/components/sign-in/sign-in-flow').then((m) => m.SignInFlow));

const cardClass = 'rounded-2xl border border-border bg-card p-5 text-card-foreground sm:p-6';

/**
 * /checkout/{eventId}: order first, then pay on the next page (docs/product/payments.md#order-then-pay).
 * With `?angebot={entryId}` it books the seats of that waiting-list offer
 * (docs/product/waiting-list.md#offer-checkout).
 */
export function CheckoutPage() {
  const { eventId = '' } = useParams();
  const offer = useCheckoutOffer(eventId, useNow());
  return (
    <BookableEvent
      eventId={eventId}
      title="Checkout"
      reserved={isReserved(offer)}
      notice={offer.status === 'gone' ? WAITLIST_MESSAGES.offerGone : undefined}
    >
      {(event, now) => <Checkout event={event} now={now} offer={offer} />}
    </BookableEvent>
  );
}

const SIGN_IN_FOR_OFFER = 'Melde dich an, um deinen reservierten Platz zu buchen.';
/** Under the guest's disabled order button (docs/product/booking-and-seats.md#order-button-for-guests). */
export const GUEST_ORDER_HINT = 'Melde dich zuerst mit deiner E-Mail-Adresse an, dann kannst du bestellen.';

function Checkout({ event, now, offer }: { event: PublicEvent; now: Date; offer: CheckoutOffer }) {
  const queryClient = useQueryClient();
  const { status, user } = useSession();
  const signedIn = status === 'signed-in';
  const reserved = isReserved(offer);
  // An offer books exactly its tickets (always 1), whatever the free seats say.
  const max = reserved ? (offer.entry?.quantity ?? 1) : maxQuantity(event);
  const [wanted, setWanted] = useState(1);
  // Live seat updates may lower the maximum below the chosen number.
  const quantity = reserved ? max : clampQuantity(wanted, max);
  const price = orderPrice(event, quantity, now);
  const holder = useHolderName(user);
  const phone = useOrderPhone(user);
  // the price shown decides; the server checks its own total again (docs/product/invoices.md#billing-address)
  const billing = useBillingAddress(user, price.totalCents);
  const [nameTouched, setNameTouched] = useState(false);
  const config = usePaymentConfig(!price.free);
  const { placeOrder, busy } = usePlaceOrder();

  const payments: PaymentReadiness = price.free
    ? 'ready'
    : config.isPending
      ? 'loading'
      : config.isError ||
          config.data.provider !== null ||
          bankTransferOfferedFor(config.data, event, now)
        ? 'ready' // a failed config read does not block: the server decides when the order is sent
        : 'unavailable';
  const button = orderButtonState({
    signedIn,
    holderName: holder.value,
    quantity,
    maxQuantity: max,
    free: price.free,
    payments,
    // an offer's order waits until the offer is known to be open
    busy: busy || (reserved && offer.status !== 'open'),
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
    const billingAddress = price.free ? undefined : await billing.submit();
    if (billingAddress === null) return; // the messages stand at the fields, the first one has the focus
    const current = queryClient.getQueryData<SessionState>(sessionQuery.queryKey)?.user ?? user;
    await placeOrder({
      user: current,
      eventId: event.id,
      quantity,
      holderName: holder.value,
      free: price.free,
      waitlistEntryId: offer.entry?.id,
      billingAddress,
      showFieldProblems: billing.showServerProblems,
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

      {offer.status === 'open' && (
        <div className="mt-4">
          <OfferNotice tone="reserved">{checkoutReservedText(offer.entry)}</OfferNotice>
        </div>
      )}
      {offer.status === 'sign-in' && (
        <div className="mt-4">
          <OfferNotice tone="reserved">{SIGN_IN_FOR_OFFER}</OfferNotice>
        </div>
      )}
      {offer.status === 'gone' && (
        <div className="mt-4">
          <OfferNotice tone="gone">{WAITLIST_MESSAGES.offerGone}</OfferNotice>
        </div>
      )}
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
              {reserved ? (
                <FixedQuantity
                  value={quantity}
                  hint={`${perTicketText(event.priceUnit)} · ${WAITLIST_MESSAGES.offerOneTicket}`}
                />
              ) : (
                <QuantityStepper
                  value={quantity}
                  max={max}
                  onChange={setWanted}
                  hint={`${perTicketText(event.priceUnit)} · ${
                    ticketsLeft > max ? `höchstens ${max} pro Buchung` : `noch ${ticketsLeft} verfügbar`
                  }`}
                />
              )}
              <p className="flex items-baseline justify-between border-t border-border pt-4">
                <span className="font-medium">Gesamt</span>
                <span className="text-xl font-semibold tabular-nums">
                  {price.free ? 'Kostenlos' : formatPrice(price.totalCents, event.currency)}
                </span>
              </p>
            </div>
          </section>
          {signedIn && !price.free && <BillingAddressSection billing={billing} className={cardClass} />}
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
              <>
                <SignInFlow variant="inline" onVerified={afterQuickSignIn} />
                {/* the spec's order button, disabled until signed in: a guest sees what will be asked */}
                <OrderButton
                  label={button.label}
                  disabled
                  busy={false}
                  totalCents={price.totalCents}
                  currency={event.currency}
                  onOrder={() => undefined}
                  hint={GUEST_ORDER_HINT}
                />
              </>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
