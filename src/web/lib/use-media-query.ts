import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint (48rem): below it the admin lists show cards instead of tables. */
export const WIDE_SCREEN_QUERY = '(min-width: 48rem)';

/**
 * Whether a CSS media query matches, live. Without `matchMedia` (tests in jsdom) it answers `fallback`.
 * Rendering only one variant keeps duplicate controls and ids out of the page
 * (docs/decisions/026-admin-tickets-on-phones.md).
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}
