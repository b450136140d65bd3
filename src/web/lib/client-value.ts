import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * A value only the browser knows (local storage, a media query, the theme chosen), read so that the first
 * render after server rendering equals the server's HTML: while React hydrates it answers `serverValue`,
 * then re-renders with `read()` (docs/architecture.md#server-rendering). A page rendered only in the
 * browser gets `read()` at once. `read` must return the same value (===) while nothing changed.
 */
export function useClientValue<T>(
  read: () => T,
  serverValue: T,
  subscribe: (onChange: () => void) => () => void = noSubscription,
): T {
  return useSyncExternalStore(subscribe, read, () => serverValue);
}
