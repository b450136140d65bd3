import { useCallback, useEffect, useState } from 'react';

export interface Countdown {
  seconds: number;
  start: (seconds: number) => void;
}

/** A seconds countdown for the resend button ('Erneut senden in {n}s'). */
export function useCountdown(): Countdown {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 250);
    return () => window.clearTimeout(timer);
  }, [endsAt, now]);
  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, []);
  return { seconds: Math.max(0, Math.ceil((endsAt - now) / 1000)), start };
}
