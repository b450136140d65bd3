import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Subscribes the event views to live seat counts (docs/product/booking-and-seats.md#live-seats). The stream's
 * code comes after the page has rendered: the counts in the first HTML are current, updates can wait for it.
 */
export function useLiveSeats(): void {
  const client = useQueryClient();
  useEffect(() => {
    void import('./live-seats-stream').then(({ connectOnce }) => connectOnce(client));
  }, [client]);
}
