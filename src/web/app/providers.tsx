import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
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
 * browser's clock counts; `<html data-ready>` then says the page answers input (browser tests wait for it;
 * docs/architecture.md#server-rendering).
 */
function useHydrationRenderTime(serverRenderTime: Date | null) {
  const [renderTime, setRenderTime] = useState(serverRenderTime);
  useEffect(() => {
    setRenderTime(null);
    document.documentElement.dataset.ready = 'true';
  }, []);
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
