import { createContext, useContext, type ReactNode } from 'react';

const RenderTimeContext = createContext<Date | null>(null);

/**
 * The moment the server rendered the page: until the browser has taken the page over, time-dependent
 * texts (early-bird countdown, what counts as upcoming) are computed for this moment on both sides, so the
 * HTML and the first render agree even when the page came from the page cache minutes ago
 * (docs/architecture.md#server-rendering).
 */
export function RenderTimeProvider({ value, children }: { value: Date | null; children: ReactNode }) {
  return <RenderTimeContext.Provider value={value}>{children}</RenderTimeContext.Provider>;
}

/** The server's render time while hydrating a server-rendered page, else null. */
export const useRenderTime = () => useContext(RenderTimeContext);
