// @vitest-environment node
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PublicEvent } from '@shared/events';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { queryKeys } from '@web/lib/query-keys';
import { RenderTimeProvider } from '@web/lib/render-time';
import { organizersQuery } from './api/get-organizers';
import { EventDetailPage } from './event-detail-page';
import { HomePage } from './home-page';

// Half past midnight in Berlin, still the day before in UTC: the pages must show Berlin's days.
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

/** A page as the server renders it: settings and events in the cache, the session not. */
function renderAt(path: string) {
  const client = new QueryClient();
  client.setQueryData(queryKeys.settings, DEFAULT_SETTINGS);
  client.setQueryData(queryKeys.events.list('public'), [event]);
  client.setQueryData(queryKeys.events.detail(event.slug), event);
  client.setQueryData(organizersQuery.queryKey, []);
  return renderToString(
    <QueryClientProvider client={client}>
      <RenderTimeProvider value={RENDER_TIME}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="/event/:slug" element={<EventDetailPage />} />
          </Routes>
        </MemoryRouter>
      </RenderTimeProvider>
    </QueryClientProvider>,
  );
}

const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/&amp;/g, '&');

describe('the event pages on the server (docs/architecture.md#server-rendering)', () => {
  it("renders an event's page without a browser, counting from the render time", () => {
    expect(typeof window).toBe('undefined');
    const html = text(renderAt('/event/atem'));
    expect(html).toContain('Atem und Stille');
    expect(html).toContain('Frühbucherpreis noch 3 Tage');
    expect(html).toContain('Mi., 01.05.2030');
    expect(html).toContain('00:30–02:30 Uhr');
    expect(html).toContain('href="https://www.google.com/maps/search/');
    // The calendar link names the event by its path until the browser knows the site's address.
    const calendar = html.match(/href="(https:\/\/calendar\.google\.com[^"]*)"/)?.[1];
    expect(new URL(calendar!).searchParams.get('details')).toMatch(/\n\/event\/atem$/);
  });

  it('renders the start page in cards and as timetable without a browser', () => {
    expect(renderAt('/')).toContain('data-testid="event-card"');
    const timetable = text(renderAt('/?view=timetable'));
    expect(timetable).toContain('data-testid="timetable"');
    expect(timetable).toContain('Mo., 01.04.2030'); // 'Heute': the render time's day
  });
});
