// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { shellAt } from '@web/testing/server-pages';
import { preloadLazyParts } from '@web/lib/lazy-part';

// the server's render waits for the page's lazily loaded parts; renderToString does not, so they are loaded first
beforeAll(() => preloadLazyParts());

/** The shell as the server renders it: settings in the cache, the session not (it stays 'loading'). */
const renderAt = (path: string) => renderToString(shellAt(path));

describe('the shell on the server (docs/architecture.md#server-rendering)', () => {
  it('renders the public layout without a browser', () => {
    expect(typeof window).toBe('undefined');
    const html = renderAt('/');
    expect(html).toContain('Startseite');
    expect(html).toContain('Neue Veranstaltungen per E-Mail'); // the footer's newsletter block
    expect(html).toContain('aria-label="Darstellung: System"');
    expect(html).toMatch(/© (<!-- -->)?2031/);
  });

  it('puts the splash with both logos into the HTML, hidden by CSS after 500 ms', () => {
    const html = renderAt('/');
    expect(html).toMatch(/<div class="[^"]*animate-splash-out[^"]*"[^>]*data-testid="splash"/);
    expect(html).toMatch(/<img src="\/logo-hell\.png"[^>]*class="[^"]*dark:hidden/);
    expect(html).toMatch(/<img src="\/logo-dunkel\.png"[^>]*class="[^"]*hidden dark:block/);
  });

  it.each([
    ['/login', 'Code senden'],
    ['/gibt-es-nicht', 'Seite nicht gefunden'],
    ['/bald', 'Bald verfügbar'],
  ])('renders %s without a browser', (path, text) => {
    expect(renderAt(path)).toContain(text);
  });
});
