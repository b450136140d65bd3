// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { act, StrictMode, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicEvent } from '@shared/events';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { queryKeys } from '@web/lib/query-keys';
import { RenderTimeProvider } from '@web/lib/render-time';
import { organizersQuery } from './api/get-organizers';
import { EventDetailPage } from './event-detail-page';
import { HomePage } from './home-page';
import { VIEW_MODE_KEY } from './use-view-mode';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const RENDER_TIME = new Date('2030-03-31T22:30:00.000Z');
const event = {
  id: 'e1',
  slug: 'atem',
  title: 'Atem und Stille',
  shortDescription: null,
  description: 'Ein Abend',
  startTime: '2030-04-30T22:30:00.000Z',
  endTime: '2030-05-01T00:30:00.000Z',
  timezone: 'Europe/Berlin',
  location: 'Kulturhaus, Berlin',
  locationDetails: null,
  room: null,
  venue: null,
  mode: 'presence',
  priceCents: 2500,
  earlyBirdPriceCents: 2000,
  earlyBirdEndsAt: '2030-04-03T22:30:00.000Z',
  currency: 'EUR',
  priceUnit: 'per_person',
  totalSeats: 20,
  availableSeats: 2,
  isFeatured: false,
  status: 'published',
  website: null,
  imageUrl: null,
  media: [],
  links: [],
  tags: [],
  organizers: [],
} as PublicEvent;

/** The pages with settings and events in the cache and the session not, as the server renders them. */
function app(path: string): ReactElement {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.settings, DEFAULT_SETTINGS);
  client.setQueryData(queryKeys.events.list('public'), [event]);
  client.setQueryData(queryKeys.events.detail(event.slug), event);
  client.setQueryData(organizersQuery.queryKey, []);
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <RenderTimeProvider value={RENDER_TIME}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/" element={<HomePage />} />
              <Route path="/event/:slug" element={<EventDetailPage />} />
            </Routes>
          </MemoryRouter>
        </RenderTimeProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

let root: Root | undefined;

/** Hydrates the server's HTML; what React reports as a mismatch (or any console error) lands in `errors`. */
async function hydrate(path: string) {
  const html = renderToString(app(path));
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = html;
  iPhoneThatChoseTheTimetable();
  const errors: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
  await act(async () => {
    root = hydrateRoot(container, app(path), { onRecoverableError: (error) => errors.push(error) });
  });
  return { errors };
}

/** What only this browser knows, set after the server made its HTML: an iPhone that chose the timetable. */
function iPhoneThatChoseTheTimetable() {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0)');
  localStorage.setItem(VIEW_MODE_KEY, 'timetable');
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => undefined)),
  ); // the session never answers
  vi.stubGlobal('scrollBy', vi.fn()); // jsdom cannot scroll; the timetable scrolls to its next row
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the event pages while hydrating (docs/architecture.md#server-rendering)', () => {
  it.each(['/event/atem', '/', '/?view=cards', '/?view=timetable'])(
    'hydrates %s without a mismatch',
    async (path) => {
      const { errors } = await hydrate(path);
      expect(errors).toEqual([]);
    },
  );

  it("links Apple Maps and the site's own address once hydrated (docs/product/events.md#place)", async () => {
    await hydrate('/event/atem');
    const map = screen.getByRole('link', { name: 'Auf der Karte ansehen' });
    expect(map.getAttribute('href')).toMatch(/^https:\/\/maps\.apple\.com\//);
    const calendar = screen.getByRole('link', { name: 'Google Kalender' }).getAttribute('href')!;
    expect(new URL(calendar).searchParams.get('details')).toMatch(
      new RegExp(`\n${window.location.origin}/event/atem$`),
    );
    expect(screen.getByTestId('early-bird-countdown')).toBeTruthy();
  });

  it('shows the stored view once hydrated (docs/product/events.md#home-views)', async () => {
    await hydrate('/');
    expect(screen.getByTestId('timetable')).toBeTruthy();
    expect(screen.queryByTestId('event-card')).toBeNull();
  });

  it('keeps the view the address asks for', async () => {
    await hydrate('/?view=cards');
    expect(screen.getByTestId('event-card')).toBeTruthy();
  });
});
