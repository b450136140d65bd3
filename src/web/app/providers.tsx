import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { registerSessionRefresh, sessionQuery } from '@web/lib/session';
import { ThemeProvider, useTheme } from '@web/lib/theme';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
});

registerSessionRefresh(() => queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 }));

function ThemedToaster() {
  const { resolved } = useTheme();
  // One toast at a time (docs/product/site.md#feedback).
  return <Toaster theme={resolved} visibleToasts={1} position="top-center" richColors closeButton />;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <ThemedToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
