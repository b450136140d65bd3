// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEWSLETTER_STORAGE_KEYS } from '@shared/newsletter';
import { THEME_STORAGE_KEY } from '@shared/theme';
import { COOKIE_CONSENT_KEY } from '@web/lib/cookie-consent';
import { cleanUpHydration, hydrate } from '@web/testing/hydrate';
import { shellAt as app } from '@web/testing/server-pages';
import { preloadLazyParts } from '@web/lib/lazy-part';

// the server's render waits for the page's lazily loaded parts; renderToString does not, so they are loaded first
beforeAll(() => preloadLazyParts());

const NEWSLETTER = 'Neue Veranstaltungen per E-Mail';

/** What only a returning visitor's browser knows: dark theme, newsletter block dismissed, cookies chosen. */
function returningVisitor() {
  localStorage.setItem(THEME_STORAGE_KEY, 'dark');
  localStorage.setItem(NEWSLETTER_STORAGE_KEYS.dismissed, 'true');
  localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
  document.documentElement.classList.add('dark'); // public/theme-init.js, before the first paint
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => undefined)),
  ); // the session never answers
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  cleanUpHydration();
});

describe('the shell while hydrating (docs/architecture.md#server-rendering)', () => {
  it.each(['/', '/login', '/gibt-es-nicht', '/bald'])(
    'hydrates %s for a returning visitor without a mismatch',
    async (path) => {
      const html = renderToString(app(path));
      returningVisitor();
      const { errors } = await hydrate(app(path), html);
      expect(errors).toEqual([]);
    },
  );

  it("shows the browser's values right after hydrating and does not scroll", async () => {
    const html = renderToString(app('/'));
    returningVisitor();
    await hydrate(app('/'), html);
    expect(screen.queryByText(NEWSLETTER)).toBeNull();
    expect(screen.getByRole('button', { name: 'Darstellung: Dunkel' })).toBeTruthy();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to the top on a path change (docs/product/site.md#feedback)', async () => {
    await hydrate(app('/'), renderToString(app('/')));
    act(() => screen.getByRole('link', { name: 'Häufige Fragen' }).click());
    expect(screen.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeTruthy();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('removes the splash after 500 ms', async () => {
    await hydrate(app('/'), renderToString(app('/')));
    expect(screen.getByTestId('splash').className).toContain('animate-splash-out');
    await waitFor(() => expect(screen.queryByTestId('splash')).toBeNull(), { timeout: 2_000 });
  });
});

describe("the footer's newsletter block (docs/product/accounts-and-consent.md#newsletter-form)", () => {
  it('stays away on a page rendered in the browser once this browser signed up', () => {
    localStorage.setItem(NEWSLETTER_STORAGE_KEYS.subscribed, 'true');
    render(app('/', null));
    expect(screen.getByText('Startseite')).toBeTruthy();
    expect(screen.queryByText(NEWSLETTER)).toBeNull();
  });

  it('keeps its success message in view after a sign-up sent from it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url === '/api/newsletter/subscribe'
          ? Promise.resolve(Response.json({ alreadySubscribed: false }))
          : new Promise(() => undefined),
      ),
    );
    render(app('/', null));
    fireEvent.change(screen.getByLabelText('E-Mail für den Newsletter'), {
      target: { value: 'anna@example.org' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Abonnieren' }));
    expect(await screen.findByText(/Fast geschafft!/)).toBeTruthy();
    expect(localStorage.getItem(NEWSLETTER_STORAGE_KEYS.subscribed)).toBe('true');
    act(() => screen.getByRole('link', { name: 'Workshops' }).click()); // re-renders the footer
    expect(screen.getByText(NEWSLETTER)).toBeTruthy();
  });
});
