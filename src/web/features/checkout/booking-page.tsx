import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ticketsFreeText, ticketsLeft } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import type { SessionState } from '@shared/session';
import { PAYMENT_MESSAGES } from '@shared/payments';
import { sessionQuery, useSession } from '@web/lib/session';
import { usePaymentConfig } from './api/get-payment-config';
import { clampQuantity, maxQuantity, orderButtonState, orderPrice } from './checkout-rules';
import { BillingAddressSection } from './components/billing-address-section';
import { BookableEvent } from './components/bookable-event';
import { EventSummary, Fact } from './components/event-summary';
import { OrderButton } from './components/order-button';
import { OrderPhoneField } from './components/order-phone-field';
import { PaymentMethodBlock } from './components/payment-method-block';
import { QuantityStepper } from './components/quantity-stepper';
import { useBillingAddress } from './use-billing-address';
import { useOrderPhone } from './use-order-phone';
import { usePlaceOrder } from './use-place-order';

/**
 * /booking/{eventId}: the older, shorter booking page: event, seat counter, quantity, total and 'Jetzt
 * buchen'; the ticket is made out to the profile's name. Then the same success page. A paid order's button
 * reads 'Zahlungspflichtig bestellen' here too (§312j BGB), with the terms and privacy links above it; only a
 * free booking keeps 'Jetzt buchen' (docs/product/booking-and-seats.md#order-button).
 */
export function BookingPage() {
  const { eventId = '' } = useParams();
  return (
    <BookableEvent eventId={eventId} title="Buchung">
      {(event, now) => <Booking event={event} now={now} />}
    </BookableEvent>
  );
}

function Booking({ event, now }: { event: PublicEvent; now: Date }) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const max = maxQuantity(event);
  const [wanted, setWanted] = useState(1);
  const quantity = clampQuantity(wanted, max);
  const price = orderPrice(event, quantity, now);
  const config = usePaymentConfig(!price.free);
  const { placeOrder, busy } = usePlaceOrder();
  const phone = useOrderPhone(user);
  const billing = useBillingAddress(user, price.totalCents);
  const unavailable = !price.free && config.data?.provider === null;
  // The profile's name stands on the ticket; a missing one is caught by the completeness check.
  const holderName = user?.fullName?.trim() || user?.email || '';
  const { disabled } = orderButtonState({
    signedIn: Boolean(user),
    holderName,
    quantity,
    maxQuantity: max,
    free: price.free,
    payments: price.free ? 'ready' : config.isPending ? 'loading' : unavailable ? 'unavailable' : 'ready',
    busy,
  });

  const book = async () => {
    if (!(await phone.ensure())) return; // asked before ordering, not after (use-order-phone.ts)
    const billingAddress = price.free ? undefined : await billing.submit();
    if (billingAddress === null) return; // the messages stand at the fields
    const current = queryClient.getQueryData<SessionState>(sessionQuery.queryKey)?.user ?? user;
    if (current)
      await placeOrder({
        user: current,
        eventId: event.id,
        quantity,
        holderName,
        free: price.free,
        billingAddress,
        showFieldProblems: billing.showServerProblems,
      });
  };

  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 pb-16 sm:px-6">
      <Link
        to={`/event/${event.slug}`}
        className="inline-flex items-center gap-1 rounded-md text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Zurück zum Event
      </Link>
      <h1 className="mt-4 font-serif text-3xl font-semibold tracking-tight">Buchung</h1>
      <div className="mt-6 flex flex-col gap-6">
        <EventSummary event={event} price={price}>
          {/* in tickets, like the seat badge (docs/decisions/024-seats-in-tickets-and-date-ranges.md) */}
          <Fact icon={Users} term="Verfügbar">
            <span data-testid="seat-counter">{ticketsFreeText(ticketsLeft(event))}</span>
          </Fact>
        </EventSummary>
        {/* the 'Rechnungsadresse' as on the checkout page (docs/product/invoices.md#billing-address) */}
        {user && !price.free && (
          <BillingAddressSection
            billing={billing}
            className="rounded-2xl border border-border bg-card p-5 sm:p-6"
          />
        )}
        <section className="flex flex-col gap-5 rounded-2xl border border-border bg-card p-5 sm:p-6">
          <QuantityStepper value={quantity} max={max} onChange={setWanted} />
          {phone.asked && <OrderPhoneField value={phone.value} onChange={phone.change} error={phone.error} />}
          {!price.free && unavailable && (
            <PaymentMethodBlock config={config.data} loading={false} failed={false} />
          )}
          <div className="border-t border-border pt-4">
            <OrderButton
              label={price.free ? 'Jetzt buchen' : PAYMENT_MESSAGES.orderButton}
              disabled={disabled}
              busy={busy}
              totalCents={price.totalCents}
              currency={event.currency}
              onOrder={() => void book()}
            />
          </div>
        </section>
      </div>
    </div>
  );
}
