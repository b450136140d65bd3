// The frame (docs/product/site.md#frame): theme switch, cookie banner, mobile menu,
// scroll to top on path change, start splash. Also saves screenshots for people to look at.
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  openPage,
  saveScreenshot,
  screenshotsWanted,
  test,
  waitForApp,
  refused,
} from './support/fixtures';

const DARK_COLOR = '#0b1222';
const LIGHT_COLOR = '#ffffff';

const themeColor = (page: Page) => page.locator('meta[name="theme-color"]');
const storedValue = (page: Page, key: string) =>
  page.evaluate((storageKey) => window.localStorage.getItem(storageKey), key);

async function expectResolvedTheme(page: Page, resolved: 'light' | 'dark') {
  if (resolved === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(themeColor(page)).toHaveAttribute('content', resolved === 'dark' ? DARK_COLOR : LIGHT_COLOR);
}

test.describe('theme (desktop header)', () => {
  // kept on the device with consent to comfort settings (docs/decisions/046)
  test.use({ cookieConsent: 'accepted' });

  async function chooseTheme(page: Page, label: 'Hell' | 'Dunkel' | 'System') {
    await page.getByRole('button', { name: /^Darstellung/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio')).toHaveText(['Hell', 'Dunkel', 'System']);
    await menu.getByRole('menuitemradio', { name: label }).click();
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Darstellung: ${label}` })).toBeVisible();
  }

  test('Dunkel and Hell apply at once and survive a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openPage(page, '/');
    await expectResolvedTheme(page, 'light');
    await expect(page.getByRole('button', { name: 'Darstellung: System' })).toBeVisible();

    await chooseTheme(page, 'Dunkel');
    await expectResolvedTheme(page, 'dark');
    expect(await storedValue(page, 'theme')).toBe('dark');
    await page.reload();
    await waitForApp(page);
    await expectResolvedTheme(page, 'dark');
    await expect(page.getByRole('button', { name: 'Darstellung: Dunkel' })).toBeVisible();

    await chooseTheme(page, 'Hell');
    await expectResolvedTheme(page, 'light');
    expect(await storedValue(page, 'theme')).toBe('light');
    // 'Hell' wins over a dark operating system
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await waitForApp(page);
    await expectResolvedTheme(page, 'light');
    await expect(page.getByRole('button', { name: 'Darstellung: Hell' })).toBeVisible();
  });

  test('System follows the operating system live, without a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openPage(page, '/help');
    await chooseTheme(page, 'Dunkel');
    await chooseTheme(page, 'System');
    expect(await storedValue(page, 'theme')).toBe('system');
    await expectResolvedTheme(page, 'light');

    await page.emulateMedia({ colorScheme: 'dark' });
    await expectResolvedTheme(page, 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expectResolvedTheme(page, 'light');
  });

  test('after „Nur notwendige“ the theme holds for the tab only, never on the device', async ({
    page,
    context,
  }) => {
    await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'essential'));
    await page.emulateMedia({ colorScheme: 'light' });
    await openPage(page, '/');
    await chooseTheme(page, 'Dunkel');
    await expectResolvedTheme(page, 'dark');
    expect(await storedValue(page, 'theme')).toBeNull();
    expect(await page.evaluate(() => window.sessionStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await waitForApp(page);
    await expectResolvedTheme(page, 'dark');
    expect(await storedValue(page, 'theme')).toBeNull();
    // another tab starts without it
    const other = await context.newPage();
    await other.emulateMedia({ colorScheme: 'light' });
    await openPage(other, '/');
    await expectResolvedTheme(other, 'light');
    await expect(other.getByRole('button', { name: 'Darstellung: System' })).toBeVisible();
  });

  test('a stored dark theme is applied before the app starts (no light flash)', async ({
    page,
    allowBrowserErrors,
  }) => {
    allowBrowserErrors(/Failed to load resource: net::ERR_FAILED .*\/assets\//); // the app's code, stopped below
    await openPage(page, '/');
    await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
    // Stop the app from starting: what remains is what the document itself does before first paint.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expectResolvedTheme(page, 'dark');
  });
});

/**
 * Reloads and runs the page's timers (on the test's clock, `page.clock.install()`) a second ahead at once: a
 * banner that would open 200 ms after start (and the 500 ms splash) has had its time, without waiting for it.
 */
async function reloadPastBannerDelay(page: Page) {
  await page.reload();
  await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
  await page.clock.runFor(1_000);
  await waitForApp(page);
}

test.describe('cookie banner', () => {
  test.use({ cookieConsent: null });

  const banner = (page: Page) => page.getByRole('dialog', { name: 'Cookies & Datenschutz' });

  test('shows on a first visit; "Alle akzeptieren" stores the choice; the footer reopens it', async ({
    page,
  }) => {
    await page.clock.install();
    await openPage(page, '/');
    expect(await storedValue(page, 'cookie-consent')).toBeNull();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Nur notwendige' })).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Alle akzeptieren' })).toBeVisible();
    await expect(banner(page).locator('a[href="/datenschutz"]')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'cookie banner');

    await banner(page).getByRole('button', { name: 'Alle akzeptieren' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await storedValue(page, 'cookie-consent')).toBe('accepted');

    await reloadPastBannerDelay(page);
    await expect(banner(page)).toHaveCount(0);

    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie-Einstellungen' }).click();
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole('button', { name: 'Nur notwendige' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await storedValue(page, 'cookie-consent')).toBe('essential');

    await reloadPastBannerDelay(page);
    await expect(banner(page)).toHaveCount(0);
  });

  test('the privacy link in the banner opens /datenschutz', async ({ page }) => {
    await openPage(page, '/help');
    await banner(page).locator('a[href="/datenschutz"]').click();
    await expect(page).toHaveURL(/\/datenschutz$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

// the slide-in menu is for small screens
test.describe('phone menu', { tag: '@phone-only' }, () => {
  test.use({ cookieConsent: 'accepted' }); // the theme is kept on the device (docs/decisions/046)

  test('desktop navigation is hidden; the menu opens, switches theme, closes', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openPage(page, '/');
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation', exact: true })).toBeHidden();
    await expect(page.getByRole('button', { name: /^Darstellung/ })).toBeHidden();

    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    const menu = page.getByRole('dialog', { name: 'Menü' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText(['Veranstaltungen', 'FAQ', 'Anmelden']);
    const themes = menu.getByRole('group', { name: 'Darstellung' });
    await expect(themes).toBeVisible();
    await expect(themes.getByRole('radio')).toHaveCount(3);
    await expect(themes.getByRole('radio', { name: 'System' })).toBeChecked();
    await expectNoSeriousA11yViolations(page, 'open phone menu');

    await themes.getByText('Dunkel', { exact: true }).click();
    await expect(themes.getByRole('radio', { name: 'Dunkel' })).toBeChecked();
    await expectResolvedTheme(page, 'dark');
    expect(await storedValue(page, 'theme')).toBe('dark');

    await menu.getByRole('button', { name: 'Menü schließen' }).click();
    await expect(menu).toBeHidden();
    await expectResolvedTheme(page, 'dark');
  });

  test('a menu link navigates and closes the menu', async ({ page }) => {
    await openPage(page, '/');
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    const menu = page.getByRole('dialog', { name: 'Menü' });
    await menu.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Häufige Fragen (FAQ)');

    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await menu.getByRole('link', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(menu).toBeHidden();
  });
});

test.describe('page changes', () => {
  test('the page scrolls to the top on a path change', async ({ page }) => {
    await openPage(page, '/help');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'AGB', exact: true }).click();
    await expect(page).toHaveURL(/\/agb$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Allgemeine Geschäftsbedingungen');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the start splash (role status) shows for about 500 ms and disappears', async ({ page }) => {
    // Watched from the first byte by an init script, so a busy machine cannot make the check miss it. The
    // splash comes with the server-rendered HTML and hides itself by CSS after 500 ms, before any script
    // (docs/architecture.md#server-rendering); React removes it afterwards.
    await page.addInitScript(() => {
      const times: { shown?: number; hidden?: number } = {};
      (window as unknown as { splashTimes: typeof times }).splashTimes = times;
      new MutationObserver(() => {
        const splash = document.querySelector('[data-testid="splash"][role="status"]');
        if (splash && times.shown === undefined) times.shown = performance.now();
      }).observe(document, { childList: true, subtree: true });
      document.addEventListener(
        'animationend',
        (event) => {
          if ((event.target as Element).matches('[data-testid="splash"]')) times.hidden ??= performance.now();
        },
        true,
      );
    });
    await page.goto('/');
    await expect(page.getByTestId('splash')).toHaveCount(0, { timeout: 5_000 });
    const times = await page.evaluate(
      () => (window as unknown as { splashTimes: { shown?: number; hidden?: number } }).splashTimes,
    );
    expect(times.shown, 'splash was shown').toBeDefined();
    expect(times.hidden, 'splash went away').toBeDefined();
    // 500 ms (observer callbacks can run late under load: allow 100 ms of slack)
    expect(times.hidden! - times.shown!).toBeGreaterThanOrEqual(400);
    expect(times.hidden! - times.shown!).toBeLessThan(2_000);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('layout on small screens', { tag: '@phone-only' }, () => {
  for (const path of ['/', '/help', '/agb', '/impressum', '/datenschutz', '/login', '/gibt-es-nicht']) {
    test(`${path} has no horizontal scrolling at 390 px`, async ({ page, allowBrowserErrors }) => {
      allowBrowserErrors(refused(404, '/gibt-es-nicht'));
      await openPage(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(overflow.scrollWidth, 'page width').toBeLessThanOrEqual(overflow.clientWidth);
    });
  }
});

// Not assertions: pictures of key pages in both themes for people to look at (test-results/screenshots/).
for (const theme of ['light', 'dark'] as const) {
  test.describe(`screenshots (${theme})`, { tag: '@phone' }, () => {
    test.use({ theme });
    const PAGES = [
      { path: '/', name: 'home' },
      { path: '/help', name: 'help' },
      { path: '/agb', name: 'agb' },
      { path: '/gibt-es-nicht', name: 'not-found' },
    ];
    test(`key pages, ${theme}`, async ({ page, allowBrowserErrors }, testInfo) => {
      // nothing but pictures: CI takes none (E2E_SCREENSHOTS, playwright.config.ts), and public-routes.spec.ts
      // opens the same pages with their assertions
      test.skip(!screenshotsWanted(), 'no screenshots in this run');
      allowBrowserErrors(refused(404, '/gibt-es-nicht'));
      for (const { path, name } of PAGES) {
        await openPage(page, path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        await saveScreenshot(page, testInfo, `${name}-${theme}`);
      }
    });
  });
}
