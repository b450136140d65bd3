import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingView } from '@shared/booking';
import { ApiError, apiFetch } from '@web/lib/api-client';

export const bookingKey = (bookingId: string) => ['bookings', bookingId] as const;

/** GET /api/bookings/:id (owner or admin; anyone else gets the same 404 as for a missing booking). */
export const bookingQuery = (bookingId: string) =>
  queryOptions({
    queryKey: bookingKey(bookingId),
    queryFn: ({ signal }) =>
      apiFetch<BookingView>(`/api/bookings/${encodeURIComponent(bookingId)}`, { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
    staleTime: 0,
  });

export function useBooking(bookingId: string, options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...bookingQuery(bookingId), refetchInterval: options.refetchInterval ?? false });
}
