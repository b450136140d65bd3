import type { QueryClient } from '@tanstack/react-query';
import type { BookingView } from '@shared/booking';
import type { OnlineMethod } from '@shared/payment-methods';
import { apiFetch } from '@web/lib/api-client';
import { bookingKey } from './get-booking';
import { queryKeys } from '@web/lib/query-keys';

const post = (bookingId: string, action: string, body: object = {}) =>
  apiFetch<BookingView>(`/api/bookings/${encodeURIComponent(bookingId)}/payment/${action}`, {
    method: 'POST',
    body: JSON.stringify(body),
  });

/** The methods the test provider settles by its buttons or its redirect page (all but the SEPA debit). */
export type TestSettledMethod = Exclude<OnlineMethod, 'sepa_debit'>;

/**
 * POST …/payment/test/complete: the test provider's successful payment (confirmed, tickets, TEST), recorded with
 * the method picked (docs/decisions/056-payment-methods-and-the-checkout.md).
 */
export const completeTestPayment = (bookingId: string, method: TestSettledMethod = 'card') =>
  post(bookingId, 'test/complete', { method });
/** POST …/payment/test/decline: the booking stays pending; the buyer may try again. */
export const declineTestPayment = (bookingId: string, method: TestSettledMethod = 'card') =>
  post(bookingId, 'test/decline', { method });
/** POST …/payment/test/debit: 'Lastschrift erteilen'; the booking's payment is then 'processing'. */
export const giveTestDebit = (
  bookingId: string,
  input: { iban: string; outcome: 'succeeded' | 'failed' | 'returned' },
) => post(bookingId, 'test/debit', input);
/** POST …/payment/sync: the server re-reads the Stripe PaymentIntent and answers the booking. */
export const syncPayment = (bookingId: string) => post(bookingId, 'sync');

/** Every settle call answers the whole booking: it replaces the cached one (the page follows its status). */
export function storeBooking(queryClient: QueryClient, booking: BookingView) {
  queryClient.setQueryData(bookingKey(booking.id), booking);
  if (booking.status === 'confirmed') {
    // Fresh tickets: the ticket list and the event's seat count are out of date.
    void queryClient.invalidateQueries({ queryKey: queryKeys.tickets.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.events.byId(booking.eventId) });
  }
}
