import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { SERVER_RENDER_STATE_ID, type ServerRenderState } from '@shared/server-render';
import { AppRoutes } from './app/app-routes';
import { createQueryClient, Providers } from './app/providers';
import { preloadRoute } from './app/router';
import { HYDRATION_MARKS } from './lib/early-input';
import { installHistoryGuard } from './lib/history-guard';
import { registerSessionRefresh, sessionQuery } from './lib/session';
import './styles/app.css';

// before the router adds its popstate listener: the history guard's must run first
installHistoryGuard();

// zod would probe `new Function` for faster parsing, which the CSP (no 'unsafe-eval') reports as a violation;
// loaded beside the page (the forms that parse with zod come later), not in the first download
void import('zod/v4/core').then(({ config }) => config({ jitless: true }));

const queryClient = createQueryClient();
registerSessionRefresh(() => queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 }));

const app = (renderTime: Date | null) => (
  <StrictMode>
    <Providers client={queryClient} renderTime={renderTime}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

const container = document.getElementById('root')!;
const stateElement = document.getElementById(SERVER_RENDER_STATE_ID);

// A server-rendered page is taken over with the server's query cache and render time, once its lazily
// loaded code is here; other pages render in the browser (docs/architecture.md#server-rendering).
if (stateElement?.textContent) {
  const state = JSON.parse(stateElement.textContent) as ServerRenderState;
  hydrate(queryClient, state.queries as DehydratedState);
  // as a transition, hydration yields to the browser every few milliseconds instead of one long task; a
  // difference between the server's HTML and the first client render is an error on the console, where the
  // browser tests fail on it (decision 043)
  void preloadRoute(window.location.pathname).then(() =>
    startTransition(() => {
      performance.mark(HYDRATION_MARKS.start);
      hydrateRoot(container, app(new Date(state.renderedAt)), {
        onRecoverableError: (error, info) =>
          console.error('Hydration error:', error, info.componentStack ?? ''),
      });
    }),
  );
} else {
  createRoot(container).render(app(null));
}
