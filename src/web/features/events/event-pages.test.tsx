// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanUpHydration, hydrate } from '@web/testing/hydrate';
import { eventPagesAt } from '@web/testing/server-pages';
import { VIEW_MODE_KEY } from './use-view-mode';
import { preloadLazyParts } from '@web/lib/lazy-part';

// the server's render waits for the page's lazily loaded parts; renderToString does not, so they are loaded first
beforeAll(() => preloadLazyParts());

/** Hydrates the server's HTML for `path` in an iPhone that chose the timetable. */
function hydrateAt(path: string) {
  const html = renderToString(eventPagesAt(path));
  iPhoneThatChoseTheTimetable();
  return hydrate(eventPagesAt(path), html);
}

/** What only this browser knows, set after the server made its HTML: an iPhone that chose the timetable. */
function iPhoneThatChoseTheTimetable() {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0)');
  localStorage.setItem(VIEW_MODE_KEY, 'timetable');
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => undefined)),
  ); // the session never answers
  vi.stubGlobal('scrollBy', vi.fn()); // jsdom cannot scroll; the timetable scrolls to its next row
});

afterEach(cleanUpHydration);

describe('the event pages while hydrating (docs/architecture.md#server-rendering)', () => {
  it.each(['/event/atem', '/', '/?view=cards', '/?view=timetable'])(
    'hydrates %s without a mismatch',
    async (path) => {
      const { errors } = await hydrateAt(path);
      expect(errors).toEqual([]);
    },
  );

  it("links Apple Maps and the site's own address once hydrated (docs/product/events.md#place)", async () => {
    await hydrateAt('/event/atem');
    const map = screen.getByRole('link', { name: 'Auf der Karte ansehen' });
    expect(map.getAttribute('href')).toMatch(/^https:\/\/maps\.apple\.com\//);
    const calendar = screen.getByRole('link', { name: 'Google Kalender' }).getAttribute('href')!;
    expect(new URL(calendar).searchParams.get('details')).toMatch(
      new RegExp(`\n${window.location.origin}/event/atem$`),
    );
    expect(screen.getByTestId('early-bird-countdown')).toBeTruthy();
  });

  it('shows the stored view once hydrated (docs/product/events.md#home-views)', async () => {
    await hydrateAt('/');
    expect(screen.getByTestId('timetable')).toBeTruthy();
    expect(screen.queryByTestId('event-card')).toBeNull();
  });

  it('keeps the view the address asks for', async () => {
    await hydrateAt('/?view=cards');
    expect(screen.getByTestId('event-card')).toBeTruthy();
  });
});
