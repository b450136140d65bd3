import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { HYDRATION_MARKS, takeOverEarlyInput } from '@web/lib/early-input';
import { RenderTimeProvider } from '@web/lib/render-time';
import { ThemeProvider } from '@web/lib/theme';
import { LazyToaster } from './lazy-toaster';

/** The query cache of one page view: one per browser tab, one per server render. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
  });

/**
 * The render time of a server-rendered page holds until the browser has taken the page over, then the
 * browser's clock counts. In the commit that took the page over, `<html data-ready>` says the page answers
 * input (browser tests wait for it), and what the visitor typed or tapped before is handed to the app
 * (docs/architecture.md#server-rendering).
 */
function useHydrationRenderTime(serverRenderTime: Date | null) {
  const [renderTime, setRenderTime] = useState(serverRenderTime);
  useLayoutEffect(() => {
    document.documentElement.dataset.ready = 'true';
    if (performance.getEntriesByName(HYDRATION_MARKS.start).length)
      performance.measure(HYDRATION_MARKS.measure, HYDRATION_MARKS.start);
    takeOverEarlyInput(document.getElementById('root') ?? document);
  }, []);
  // a transition: parts of the page whose code is still on its way keep the server's HTML until it has arrived
  // (an urgent update would make React render them anew, showing their fallback; lib/lazy-part.tsx)
  useEffect(() => startTransition(() => setRenderTime(null)), []);
  return renderTime;
}

export function Providers({
  client,
  renderTime = null,
  children,
}: {
  client: QueryClient;
  renderTime?: Date | null;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      <RenderTimeProvider value={useHydrationRenderTime(renderTime)}>
        <ThemeProvider>
          {children}
          <LazyToaster />
        </ThemeProvider>
      </RenderTimeProvider>
    </QueryClientProvider>
  );
}
