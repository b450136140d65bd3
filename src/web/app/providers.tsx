import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { RenderTimeProvider } from '@web/lib/render-time';
import { ThemeProvider, useTheme } from '@web/lib/theme';

/** The query cache of one page view: one per browser tab, one per server render. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
  });

function ThemedToaster() {
  const { resolved } = useTheme();
  // One toast at a time (docs/product/site.md#feedback).
  return <Toaster theme={resolved} visibleToasts={1} position="top-center" richColors closeButton />;
}

/**
 * The render time of a server-rendered page holds until the browser has taken the page over, then the
 * browser's clock counts (docs/architecture.md#server-rendering).
 */
function useHydrationRenderTime(serverRenderTime: Date | null) {
  const [renderTime, setRenderTime] = useState(serverRenderTime);
  useEffect(() => setRenderTime(null), []);
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
          <ThemedToaster />
        </ThemeProvider>
      </RenderTimeProvider>
    </QueryClientProvider>
  );
}
