import { useCallback, useEffect, useState } from 'react';

export interface Countdown {
  seconds: number;
  start: (seconds: number) => void;
}

export interface AddressCountdowns {
  /** The countdown of one address; the resend button of the code step uses it. */
  of: (address: string) => Countdown;
}

const keyOf = (address: string) => address.trim().toLowerCase();

/**
 * The resend countdowns ('Erneut senden in {n}s'), one per e-mail address: the server's wait is per address
 * (docs/product/accounts-and-consent.md#sign-in-rate-limits), so after 'Zurück' a corrected address may get
 * a code at once while the first one still waits.
 */
export function useAddressCountdowns(): AddressCountdowns {
  const [endsAt, setEndsAt] = useState<Record<string, number>>({});
  // No clock in render (the sign-in pages are server-rendered, docs/architecture.md#server-rendering):
  // with no countdown started every wait is 0 whatever `now` is, and start() sets it.
  const [now, setNow] = useState(0);
  const latest = Math.max(0, ...Object.values(endsAt));
  useEffect(() => {
    if (latest <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 250);
    return () => window.clearTimeout(timer);
  }, [latest, now]);
  const start = useCallback((address: string, seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndsAt((all) => ({ ...all, [keyOf(address)]: current + seconds * 1000 }));
  }, []);
  const of = (address: string): Countdown => ({
    seconds: Math.max(0, Math.ceil(((endsAt[keyOf(address)] ?? 0) - now) / 1000)),
    start: (seconds) => start(address, seconds),
  });
  return { of };
}
