import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingView } from '@shared/booking';
import type { CreateBookingInput } from '@shared/booking-schemas';
import { apiFetch } from '@web/lib/api-client';
import { bookingKey } from './get-booking';
import { queryKeys } from '@web/lib/query-keys';

/** POST /api/bookings → 201 BookingView (free: confirmed with tickets; paid: pending with a seat hold). */
export const createBooking = (input: CreateBookingInput) =>
  apiFetch<BookingView>('/api/bookings', { method: 'POST', body: JSON.stringify(input) });

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: (booking) => {
      // The success page opens with it at once; the booked seats changed the event's count.
      queryClient.setQueryData(bookingKey(booking.id), booking);
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.byId(booking.eventId) });
      // a booked offer leaves the waiting list (docs/product/waiting-list.md#offer-checkout)
      void queryClient.invalidateQueries({ queryKey: queryKeys.waitlist.mine });
    },
  });
}
