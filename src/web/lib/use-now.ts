import { useEffect, useState } from 'react';
import { useRenderTime } from './render-time';

/**
 * The current time, refreshed every intervalMs: the early-bird countdown
 * (docs/product/events.md#early-bird-countdown) and the checkout's hold
 * (docs/product/booking-and-seats.md#hold-15-minutes). A server-rendered page starts at the server's
 * render time and moves to the browser's clock right after hydration.
 */
export function useNow(intervalMs = 60_000): Date {
  const renderTime = useRenderTime();
  const [now, setNow] = useState(() => renderTime ?? new Date());
  useEffect(() => {
    if (renderTime) setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, renderTime]);
  return now;
}
