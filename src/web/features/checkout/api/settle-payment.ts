import type { QueryClient } from '@tanstack/react-query';
import type { BookingView } from '@shared/booking';
import { apiFetch } from '@web/lib/api-client';
import { bookingKey } from './get-booking';
import { queryKeys } from '@web/lib/query-keys';

const post = (bookingId: string, action: string) =>
  apiFetch<BookingView>(`/api/bookings/${encodeURIComponent(bookingId)}/payment/${action}`, {
    method: 'POST',
    body: '{}',
  });

/** POST …/payment/test/complete: the test provider's successful payment (confirmed, tickets, TEST). */
export const completeTestPayment = (bookingId: string) => post(bookingId, 'test/complete');
/** POST …/payment/test/decline: the booking stays pending; the buyer may try again. */
export const declineTestPayment = (bookingId: string) => post(bookingId, 'test/decline');
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
