import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { BOOKING_MESSAGES, type BookingView } from '@shared/booking';
import type { AnswerInput } from '@shared/booking-schemas';
import type { OrderItemInput } from '@shared/ticket-categories';
import type { BillingAddress } from '@shared/invoices';
import { PAYMENT_MESSAGES } from '@shared/payments';
import type { SessionUser } from '@shared/session';
import { ApiError } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { sessionQuery } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { checkoutEventQuery } from './api/get-checkout-event';
import { useCreateBooking } from './api/create-booking';
import { missingProfileParts, profileIncompleteMessage, profileTarget } from './checkout-rules';

export interface OrderInput {
  user: SessionUser;
  eventId: string;
  quantity: number;
  /** Several categories: one line per category (docs/product/ticket-categories.md#pricing). */
  items?: OrderItemInput[];
  /** The redeemed discount code (docs/product/ticket-categories.md#codes). */
  code?: string;
  /** The answers to the event's questions (docs/product/ticket-categories.md#answers). */
  answers?: AnswerInput[];
  holderName: string;
  /**
   * A free order fails with its own title, 'Kostenlose Buchung fehlgeschlagen'
   * (docs/product/payments.md#payment-messages).
   */
  free: boolean;
  /** Books the seats of this waiting-list offer (docs/product/waiting-list.md#offer-checkout). */
  waitlistEntryId?: string;
  /** The 'Rechnungsadresse', sent only when the page asked for it (docs/product/invoices.md#billing-address). */
  billingAddress?: BillingAddress;
  /**
   * Puts a 422 answer's field details at the page's fields; true when it showed them there, and the order
   * then fails without a toast.
   */
  showFieldProblems?: (details: unknown) => boolean;
}

/** The parts the server listed in a 422 'profile incomplete' answer, else null. */
function missingFrom(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const missing = (error.details as { missing?: unknown } | undefined)?.missing;
  return Array.isArray(missing) && missing.every((part) => typeof part === 'string') && missing.length > 0
    ? missing
    : null;
}

/**
 * Places an order (docs/product/booking-and-seats.md#placing-an-order): checks the profile first (toast
 * 'Profil vervollständigen' and off to /onboarding, or to the home page's e-mail notice), then POST
 * /api/bookings and on to /booking/{id}/success — the confirmation for free bookings, the payment step for
 * paid ones.
 */
export function usePlaceOrder() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const create = useCreateBooking();

  const completeProfile = (missing: string[]) => {
    toast.warning('Profil vervollständigen', { description: profileIncompleteMessage(missing) });
    const target = profileTarget(missing);
    // Onboarding returns to the page the user came from
    // (docs/product/accounts-and-consent.md#onboarding-return).
    void navigate(target, target === '/onboarding' ? { state: { from: location } } : undefined);
  };

  const placeOrder = async ({
    user,
    eventId,
    quantity,
    items,
    code,
    answers,
    holderName,
    free,
    waitlistEntryId,
    billingAddress,
    showFieldProblems,
  }: OrderInput) => {
    const missing = missingProfileParts(user);
    if (missing.length > 0) return completeProfile(missing);
    let booking: BookingView;
    try {
      booking = await create.mutateAsync({
        eventId,
        ...(items ? { items } : { quantity }),
        ...(code ? { code } : {}),
        ...(answers?.length ? { answers } : {}),
        holderName: holderName.trim(),
        ...(waitlistEntryId ? { waitlistEntryId } : {}),
        ...(billingAddress ? { billingAddress } : {}),
      });
    } catch (error) {
      // an offer may have ended meanwhile: the page then says so (docs/product/waiting-list.md#offer-checkout)
      if (waitlistEntryId) void queryClient.invalidateQueries({ queryKey: queryKeys.waitlist.mine });
      const serverMissing = missingFrom(error);
      if (serverMissing) return completeProfile(serverMissing);
      if (error instanceof ApiError && error.status === 422 && showFieldProblems?.(error.details)) return;
      if (error instanceof ApiError && error.status === 401) {
        void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      }
      if (error instanceof ApiError && error.status === 409) {
        // Sold out meanwhile: show the current seats.
        void queryClient.invalidateQueries({ queryKey: checkoutEventQuery(eventId).queryKey });
      }
      toast.error(free ? PAYMENT_MESSAGES.freeFailed : BOOKING_MESSAGES.failed, {
        description: failureText(error),
      });
      return;
    }
    void navigate(`/booking/${booking.id}/success`, { state: { booking, eventId } });
  };

  return { placeOrder, busy: create.isPending };
}

/**
 * The server's reason, else the retry text; anything that is no API answer (the network, a bug)
 * 'Unerwarteter Fehler' (docs/product/payments.md#payment-messages).
 */
export function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return PAYMENT_MESSAGES.unexpectedBooking;
  if (error.status === 404) return BOOKING_MESSAGES.eventNotFound;
  if (error.status < 500 && error.code !== 'unknown') return error.message;
  return PAYMENT_MESSAGES.bookingError;
}
