// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventPagesAt } from '@web/testing/server-pages';
import { preloadLazyParts } from '@web/lib/lazy-part';

// the server's render waits for the page's lazily loaded parts; renderToString does not, so they are loaded first
beforeAll(() => preloadLazyParts());

/** A page as the server renders it: settings and events in the cache, the session not. */
const renderAt = (path: string) => renderToString(eventPagesAt(path));
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
