import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { MAX_TICKETS_PER_BOOKING } from '@shared/booking';
import { perTicketText, seatsPerTicket } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import type { SessionState } from '@shared/session';
import {
  CATEGORY_MESSAGES,
  priceFrom,
  type OrderItemInput,
  type PublicTicketCategory,
} from '@shared/ticket-categories';
import { WAITLIST_MESSAGES } from '@shared/waitlist';
import { lazyPart } from '@web/lib/lazy-part';
import { formatPrice } from '@web/lib/format';
import { sessionQuery, useSession } from '@web/lib/session';
import { useNow } from '@web/lib/use-now';
import { usePaymentConfig } from './api/get-payment-config';
import { bankTransferOfferedFor } from './bank-transfer-offer';
import { orderButtonState, type PaymentReadiness } from './checkout-rules';
import { BillingAddressSection } from './components/billing-address-section';
import { BookableEvent } from './components/bookable-event';
import { CategorySteppers } from './components/category-steppers';
import { DISCOUNT_CODE_INPUT_ID, DiscountCodeField } from './components/discount-code-field';
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
import { useAnswers } from './use-answers';
import { useBillingAddress } from './use-billing-address';
import { checkoutReservedText, isReserved, useCheckoutOffer, type CheckoutOffer } from './use-checkout-offer';
import { useDiscountCode } from './use-discount-code';
import { useHolderName } from './use-holder-name';
import { useOrderPhone } from './use-order-phone';
import { useOrderLines } from './use-order-lines';
import { usePlaceOrder } from './use-place-order';

// the quick sign-in only a guest sees: its code comes after the page answers (docs/architecture.md#server-rendering)
const SignInFlow = lazyPart(() => import('@web/components/sign-in/sign-in-flow').then((m) => m.SignInFlow));
// 'Fragen an Teilnehmende': only events with questions load it (docs/product/ticket-categories.md#questions)
const QuestionsForm = lazyPart(() => import('./components/questions-form').then((m) => m.QuestionsForm));

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
  const code = useDiscountCode(event.id);
  const redeemed = code.pending ? null : code.applied;
  // An offer books exactly its tickets (always 1), whatever the free seats say.
  const lines = useOrderLines(event, now, redeemed, reserved ? (offer.entry?.quantity ?? 1) : null);
  const { quantity, price, several } = lines;
  const questions = event.questions ?? [];
  const answers = useAnswers(questions);
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
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
      : config.isError || config.data.provider !== null || bankTransferOfferedFor(config.data, event, now)
        ? 'ready' // a failed config read does not block: the server decides when the order is sent
        : 'unavailable';
  const button = orderButtonState({
    signedIn,
    holderName: holder.value,
    quantity,
    maxQuantity: several ? MAX_TICKETS_PER_BOOKING : lines.single.max,
    free: price.free,
    payments,
    linesValid: lines.valid,
    // an offer's order waits until the offer is known to be open
    busy: busy || (reserved && offer.status !== 'open'),
  });
  // several categories and none chosen yet: the disabled button says why
  const chooseHint = several && quantity === 0 ? CATEGORY_MESSAGES.chooseCategory : undefined;

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

  /** A 422's details at their fields: the address, the code, the answers, a category's number. */
  const showFieldProblems = (sent: OrderItemInput[]) => (details: unknown) => {
    const shownAddress = billing.showServerProblems(details);
    const problems = fieldDetails(details);
    const codeProblem = problems.find((problem) => problem.path === 'code');
    if (codeProblem) {
      code.refuse(codeProblem.message);
      document.getElementById(DISCOUNT_CODE_INPUT_ID)?.focus();
    }
    const byCategory = categoryProblems(problems, sent);
    setLineErrors(byCategory);
    const shownAnswers = answers.showServerProblems(problems);
    return shownAddress || Boolean(codeProblem) || shownAnswers || Object.keys(byCategory).length > 0;
  };

  const order = async () => {
    if (!user || button.disabled) return;
    // a code typed but not redeemed: redeem it first, so the buyer sees the price before ordering
    if (code.pending) return void (await code.redeem());
    await holder.flush(); // a name typed in the last 600 ms counts for the completeness check
    if (!(await phone.ensure())) return;
    const given = await answers.submit(lines.priced.lines);
    if (given === null) return; // the messages stand at the questions, the first one has the focus
    const billingAddress = price.free ? undefined : await billing.submit();
    if (billingAddress === null) return; // the messages stand at the fields, the first one has the focus
    const current = queryClient.getQueryData<SessionState>(sessionQuery.queryKey)?.user ?? user;
    setLineErrors({});
    await placeOrder({
      user: current,
      eventId: event.id,
      quantity,
      items: several ? lines.items : undefined,
      code: redeemed?.code,
      answers: given,
      holderName: holder.value,
      free: price.free,
      waitlistEntryId: offer.entry?.id,
      billingAddress,
      showFieldProblems: showFieldProblems(lines.items),
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
          <EventSummary
            event={event}
            price={price}
            fromCents={several ? fromCents(lines.categories, now) : null}
          />
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
              {several ? (
                <CategorySteppers
                  lines={lines}
                  eventSeats={event.availableSeats}
                  currency={event.currency}
                  now={now}
                  errors={lineErrors}
                />
              ) : reserved ? (
                <FixedQuantity
                  value={quantity}
                  hint={`${perTicketText(event.priceUnit)} · ${WAITLIST_MESSAGES.offerOneTicket}`}
                />
              ) : (
                <QuantityStepper
                  value={quantity}
                  max={lines.single.max}
                  onChange={lines.single.change}
                  hint={`${perTicketText(event.priceUnit)} · ${
                    ticketsLeft > lines.single.max
                      ? `höchstens ${lines.single.max} pro Buchung`
                      : `noch ${ticketsLeft} verfügbar`
                  }`}
                />
              )}
              <DiscountCodeField
                code={code}
                currency={event.currency}
                noEffect={Boolean(
                  redeemed && redeemed.kind !== 'unlock' && quantity > 0 && !lines.priced.discountCents,
                )}
              />
              <p className="flex items-baseline justify-between border-t border-border pt-4">
                <span className="font-medium">Gesamt</span>
                <span className="text-xl font-semibold tabular-nums">
                  {price.free ? 'Kostenlos' : formatPrice(price.totalCents, event.currency)}
                </span>
              </p>
            </div>
          </section>
          {questions.length > 0 && (
            <QuestionsForm
              questions={questions}
              lines={lines.priced.lines}
              named={several}
              values={answers.values}
              errors={answers.errors}
              onChange={answers.change}
              className={cardClass}
            />
          )}
          {signedIn && !price.free && <BillingAddressSection billing={billing} className={cardClass} />}
        </div>

        <div className="flex flex-col gap-6 lg:sticky lg:top-24">
          <OrderSummary
            title={event.title}
            quantity={quantity}
            price={price}
            currency={event.currency}
            unitText={unitText}
            lines={several ? lines.priced.lines : undefined}
            discount={redeemed ? { code: redeemed.code, cents: lines.priced.discountCents } : null}
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
                free={price.free}
                currency={event.currency}
                onOrder={() => void order()}
                hint={chooseHint}
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
                  free={price.free}
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

/** The lowest price when the categories cost different amounts, else null (one price: shown as before). */
function fromCents(categories: PublicTicketCategory[], now: Date): number | null {
  const from = priceFrom(categories, now);
  return from?.varies ? from.cents : null;
}

/** The `{ path, message }` details of a 422 answer. */
function fieldDetails(details: unknown): { path: string; message: string }[] {
  if (!Array.isArray(details)) return [];
  return (details as unknown[]).filter(
    (detail): detail is { path: string; message: string } =>
      typeof detail === 'object' &&
      detail !== null &&
      typeof (detail as { path?: unknown }).path === 'string' &&
      typeof (detail as { message?: unknown }).message === 'string',
  );
}

/** 'items.1.quantity' → the message at the second sent line's category. */
function categoryProblems(problems: { path: string; message: string }[], sent: OrderItemInput[]) {
  const found: Record<string, string> = {};
  for (const { path, message } of problems) {
    const index = /^items\.(\d+)/.exec(path)?.[1];
    const item = index === undefined ? undefined : sent[Number(index)];
    if (item) found[item.categoryId] ??= message;
  }
  return found;
}
