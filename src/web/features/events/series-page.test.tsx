// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicEvent } from '@shared/events';
import { SERIES_MESSAGES } from '@shared/series';
import { queryKeys } from '@web/lib/query-keys';
import { publicEvent } from '@web/testing/fixtures';
import { MoreSeriesDates } from './components/more-series-dates';
import { SeriesPage } from './series-page';

// docs/product/event-series.md#series-page
const series = { slug: 'abendwerkstatt', title: 'Abendwerkstatt' };
const date = (slug: string, startTime: string, overrides: Partial<PublicEvent> = {}) =>
  publicEvent({
    id: `id-${slug}`,
    slug,
    title: 'Abendwerkstatt',
    startTime,
    endTime: new Date(Date.parse(startTime) + 9_000_000).toISOString(),
    series,
    ...overrides,
  });
const events = [
  date('abendwerkstatt', '2020-01-14T18:00:00.000Z'),
  date('abendwerkstatt-2040-02-14', '2040-02-14T18:00:00.000Z', { availableSeats: 0 }),
  date('abendwerkstatt-2040-03-13', '2040-03-13T18:00:00.000Z'),
  date('abendwerkstatt-2040-04-10', '2040-04-10T17:00:00.000Z'),
  date('abendwerkstatt-2040-05-08', '2040-05-08T17:00:00.000Z'),
  date('abendwerkstatt-2040-06-12', '2040-06-12T17:00:00.000Z'),
  publicEvent({ id: 'other', slug: 'anderes', series: null }),
];

function renderAt(path: string, element: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.events.list('public'), events);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/series/:slug" element={element} />
          <Route path="/event/:slug" element={element} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => undefined)),
  );
  vi.stubGlobal(
    'EventSource',
    vi.fn(() => ({ close: vi.fn(), addEventListener: vi.fn() })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SeriesPage', () => {
  it('lists the coming dates with seats left and links, the past ones apart', () => {
    renderAt('/series/abendwerkstatt', <SeriesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Abendwerkstatt' })).toBeTruthy();
    const coming = screen.getByRole('list', { name: 'Kommende Termine' });
    const links = within(coming).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/event/abendwerkstatt-2040-02-14',
      '/event/abendwerkstatt-2040-03-13',
      '/event/abendwerkstatt-2040-04-10',
      '/event/abendwerkstatt-2040-05-08',
      '/event/abendwerkstatt-2040-06-12',
    ]);
    // 19:00 in Berlin in winter and in summer
    expect(links[1]!.textContent).toContain('19:00–21:30 Uhr');
    expect(links[2]!.textContent).toContain('19:00–21:30 Uhr');
    expect(within(links[0]!).getByText('Ausgebucht')).toBeTruthy();
    const past = screen.getByRole('list', { name: 'Vergangene Termine' });
    expect(
      within(past)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/event/abendwerkstatt']);
  });

  it('says so for a series without visible dates', () => {
    renderAt('/series/gibt-es-nicht', <SeriesPage />);
    expect(screen.getByRole('heading', { level: 1, name: SERIES_MESSAGES.notFound })).toBeTruthy();
  });
});

describe("'Weitere Termine' on a date's event page", () => {
  it('shows up to four other coming dates and the link to the series', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    renderAt('/event/abendwerkstatt-2040-03-13', <MoreSeriesDates event={events[2]!} now={now} />);
    const list = screen.getByRole('list', { name: 'Weitere Termine' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/event/abendwerkstatt-2040-02-14',
      '/event/abendwerkstatt-2040-04-10',
      '/event/abendwerkstatt-2040-05-08',
      '/event/abendwerkstatt-2040-06-12',
    ]);
    expect(screen.getByRole('link', { name: 'Alle Termine der Reihe' }).getAttribute('href')).toBe(
      '/series/abendwerkstatt',
    );
  });

  it('shows nothing for an event outside a series', () => {
    const { container } = renderAt('/event/anderes', <MoreSeriesDates event={events[6]!} now={new Date()} />);
    expect(container.textContent).toBe('');
  });
});
