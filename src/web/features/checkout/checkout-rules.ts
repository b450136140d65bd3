// Pure rules of the checkout (docs/product/booking-and-seats.md#placing-an-order). The server decides again
// on every booking (prices, seats, profile); these only make the page say the same thing beforehand.
import { BOOKING_MESSAGES, MAX_TICKETS_PER_BOOKING } from '@shared/booking';
import { isPastEvent, ticketsLeft } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import { SIMPLIFIED_INVOICE_LIMIT_CENTS, type BillingAddress } from '@shared/invoices';
import { PAYMENT_MESSAGES } from '@shared/payments';

// The price and the profile check are the server's own functions (src/shared/booking.ts).
export { missingProfileParts, orderPrice, profileIncompleteMessage, type OrderPrice } from '@shared/booking';

type SeatEvent = Pick<PublicEvent, 'availableSeats' | 'priceUnit'>;

/**
 * At most the tickets the free seats allow (a per-pair ticket takes two seats, so the seats are halved and
 * rounded down) and never more than 20 per booking (docs/product/booking-and-seats.md#tickets-left,
 * docs/product/booking-and-seats.md#quantity-1-to-20). 0 means sold out.
 */
export function maxQuantity(event: SeatEvent): number {
  return Math.min(MAX_TICKETS_PER_BOOKING, ticketsLeft(event));
}

/** A quantity inside 1…max (max below 1 still gives 1: the page then shows 'Ausgebucht' instead). */
export function clampQuantity(value: number, max: number): number {
  const whole = Number.isFinite(value) ? Math.floor(value) : 1;
  return Math.min(Math.max(1, whole), Math.max(1, max));
}

export type Availability = 'bookable' | 'past' | 'soldout';

export function availability(event: Pick<PublicEvent, 'startTime'> & SeatEvent, now: Date): Availability {
  if (isPastEvent(event, now)) return 'past';
  return maxQuantity(event) < 1 ? 'soldout' : 'bookable';
}

/** Where an incomplete profile is completed: the home page asks to confirm the e-mail first. */
export const profileTarget = (missing: string[]) =>
  missing.includes(BOOKING_MESSAGES.confirmEmail) ? '/?message=please-confirm-email' : '/onboarding';

/** 'ready': free event or a provider is set; 'loading': config not known yet; 'unavailable': no provider. */
export type PaymentReadiness = 'ready' | 'loading' | 'unavailable';

export interface OrderButtonInput {
  signedIn: boolean;
  holderName: string;
  quantity: number;
  maxQuantity: number;
  free: boolean;
  payments: PaymentReadiness;
  busy: boolean;
  /** Several categories: each line inside its bounds (docs/product/ticket-categories.md#seats). */
  linesValid?: boolean;
}

export const FREE_ORDER_LABEL = 'Kostenlos buchen';

/**
 * Disabled unless signed in, a name is present and the quantity is at least 1
 * (docs/product/booking-and-seats.md#order-button); also while sending, when the quantity exceeds the seats,
 * and for paid events without a payment provider. §312j BGB: a paid order's button reads 'Zahlungspflichtig
 * bestellen'. An incomplete 'Rechnungsadresse' does not disable it: a click shows the messages at the fields
 * and nothing is sent (checkBillingAddress), so the button never sits greyed out without saying why.
 */
export function orderButtonState(input: OrderButtonInput): { label: string; disabled: boolean } {
  const paidBlocked = !input.free && input.payments !== 'ready';
  const disabled =
    !input.signedIn ||
    input.holderName.trim() === '' ||
    !Number.isInteger(input.quantity) ||
    input.quantity < 1 ||
    input.quantity > input.maxQuantity ||
    paidBlocked ||
    input.linesValid === false ||
    input.busy;
  return { label: input.free ? FREE_ORDER_LABEL : PAYMENT_MESSAGES.orderButton, disabled };
}

// The 'Rechnungsadresse' (docs/product/invoices.md#billing-address).

/** Above 250 € the address is asked for and required; at or below it is optional, behind a checkbox. */
export const billingAddressRequired = (totalCents: number) => totalCents > SIMPLIFIED_INVOICE_LIMIT_CENTS;

/** The form's fields in screen order (the first one with a message takes the focus). */
export const BILLING_FIELDS = [
  'company',
  'name',
  'street',
  'postalCode',
  'city',
  'country',
  'vatId',
  'eInvoice',
] as const satisfies readonly (keyof BillingAddress)[];
export type BillingField = (typeof BILLING_FIELDS)[number];
export type BillingAddressValues = BillingAddress;
/** The first message per field. */
export type BillingAddressErrors = Partial<Record<BillingField, string>>;

export const emptyBillingAddress = (name = ''): BillingAddressValues => ({
  company: '',
  name,
  street: '',
  postalCode: '',
  city: '',
  country: 'DE',
  vatId: '',
  eInvoice: false,
});

export const isBillingField = (field: unknown): field is BillingField =>
  (BILLING_FIELDS as readonly unknown[]).includes(field);

/**
 * The address problems of a 422 answer's details (`[{ path, message }]`): per field for
 * 'billingAddress.postalCode' and the like, `missing` for 'billingAddress' itself (the server's total was
 * above 250 € and no address came). Null when none of the details is about the address.
 */
export function billingAddressProblems(
  details: unknown,
): { errors: BillingAddressErrors; missing: string | null } | null {
  if (!Array.isArray(details)) return null;
  const errors: BillingAddressErrors = {};
  let missing: string | null = null;
  let found = false;
  for (const detail of details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const [head, field] = path.split('.');
    if (head !== 'billingAddress') continue;
    found = true;
    if (isBillingField(field)) errors[field] ??= message;
    else missing ??= message; // the whole address, or a part this form does not have
  }
  return found ? { errors, missing } : null;
}
