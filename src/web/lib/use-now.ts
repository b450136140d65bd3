import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every intervalMs: the early-bird countdown
 * (docs/product/events.md#early-bird-countdown) and the checkout's hold
 * (docs/product/booking-and-seats.md#hold-15-minutes).
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
