// Pages as the server renders them, for the tests that render them on the server (node) and hydrate them
// (jsdom) (docs/architecture.md#server-rendering); only tests import it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { Root } from '@web/app/root';
import { AuthLayout } from '@web/app/layouts/auth-layout';
import { PublicLayout } from '@web/app/layouts/public-layout';
import { NotFoundPage } from '@web/components/pages/not-found-page';
import { LoginPage } from '@web/features/auth/login-page';
import { organizersQuery } from '@web/features/events/api/get-organizers';
import { EventDetailPage } from '@web/features/events/event-detail-page';
import { HomePage } from '@web/features/events/home-page';
import { ComingSoonPage } from '@web/features/site/coming-soon-page';
import { queryKeys } from '@web/lib/query-keys';
import { RenderTimeProvider } from '@web/lib/render-time';
import { ThemeProvider } from '@web/lib/theme';
import { publicEvent } from './fixtures';

/** `routes` at `path` with the given cache and render time; the session is not in the cache. */
function page(
  client: QueryClient,
  renderTime: Date | null,
  path: string,
  routes: ReactNode,
  { theme = false } = {},
): ReactElement {
  const router = (
    <MemoryRouter initialEntries={[path]}>
      <Routes>{routes}</Routes>
    </MemoryRouter>
  );
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <RenderTimeProvider value={renderTime}>
          {theme ? <ThemeProvider>{router}</ThemeProvider> : router}
        </RenderTimeProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

const queryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

// 23:30 UTC on New Year's Eve is already the new year in Berlin.
const SHELL_RENDER_TIME = new Date('2030-12-31T23:30:00.000Z');
const shellSettings = {
  ...DEFAULT_SETTINGS,
  brand: { ...DEFAULT_SETTINGS.brand, logoLightUrl: '/logo-hell.png', logoDarkUrl: '/logo-dunkel.png' },
};

/**
 * The shell (public and auth layout) with settings in the cache and the session not (it stays 'loading',
 * as on the server); a `renderTime` of null is a page rendered in the browser.
 */
export function shellAt(path: string, renderTime: Date | null = SHELL_RENDER_TIME): ReactElement {
  const client = queryClient();
  client.setQueryData(queryKeys.settings, shellSettings);
  return page(
    client,
    renderTime,
    path,
    <Route element={<Root />}>
      <Route element={<PublicLayout />}>
        <Route path="/" element={<p>Startseite</p>} />
        <Route path="/bald" element={<ComingSoonPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route element={<AuthLayout />}>
        <Route path="/login" element={<LoginPage />} />
      </Route>
    </Route>,
    { theme: true },
  );
}

// Half past midnight in Berlin, still the day before in UTC: the pages must show Berlin's days.
const EVENTS_RENDER_TIME = new Date('2030-03-31T22:30:00.000Z');
/** 1 May, 00:30 in Berlin; the early bird ends 3 days after the render time; 2 seats left. */
const event = publicEvent({
  startTime: '2030-04-30T22:30:00.000Z',
  endTime: '2030-05-01T00:30:00.000Z',
  earlyBirdPriceCents: 2000,
  earlyBirdEndsAt: '2030-04-03T22:30:00.000Z',
  availableSeats: 2,
});

/** The start page and the page of the event 'atem' with settings and events in the cache, the session not. */
export function eventPagesAt(path: string): ReactElement {
  const client = queryClient();
  client.setQueryData(queryKeys.settings, DEFAULT_SETTINGS);
  client.setQueryData(queryKeys.events.list('public'), [event]);
  client.setQueryData(queryKeys.events.detail(event.slug), event);
  client.setQueryData(organizersQuery.queryKey, []);
  return page(
    client,
    EVENTS_RENDER_TIME,
    path,
    <>
      <Route path="/" element={<HomePage />} />
      <Route path="/event/:slug" element={<EventDetailPage />} />
    </>,
  );
}
