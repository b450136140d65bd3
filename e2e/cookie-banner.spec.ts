// Room for the cookie banner (docs/product/site.md#cookie-banner, decision 046): while it waits for an
// answer, a long page scrolled to its end shows its last button above the banner, not under it, on a laptop
// and on a phone; after an answer the room is gone.
import type { Locator, Page } from '@playwright/test';
import { adminContext } from './support/admin';
import { expect, openPage, test } from './support/fixtures';

test.use({ cookieConsent: null });

const banner = (page: Page) => page.getByRole('dialog', { name: 'Cookies & Datenschutz' });

/** Scrolls to the end of the page; `target` must then lie fully above the banner and take a click. */
async function expectReachableAboveBanner(page: Page, target: Locator) {
  await expect(banner(page)).toBeVisible();
  // again until it holds: a form still loading its last parts grows the page after the first scroll, and the
  // button then lies under the sticky banner, 'in view' for scrollIntoViewIfNeeded (a slow run saw 810 > 722)
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const card = await banner(page).locator(':scope > div').boundingBox();
    await target.scrollIntoViewIfNeeded();
    const button = await target.boundingBox();
    expect(button!.y + button!.height, 'the button ends above the banner').toBeLessThanOrEqual(card!.y);
  }).toPass({ timeout: 7_500 });
  // nothing lies over it: Playwright's trial click fails when another element would take the click
  await target.click({ trial: true, timeout: 2_000 });
}

const documentHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

test(
  'a long page ends above the banner, and the room goes with an answer',
  { tag: '@phone' },
  async ({ page }) => {
    await openPage(page, '/datenschutz');
    const last = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie-Einstellungen' });
    await expectReachableAboveBanner(page, last);
    const withBanner = await documentHeight(page);
    await banner(page).getByRole('button', { name: 'Nur notwendige' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await documentHeight(page)).toBeLessThan(withBanner);
  },
);

test("the admin's 'Event erstellen' at 1280 × 900 can be reached while the banner waits", async ({
  browser,
}) => {
  const context = await adminContext(browser);
  try {
    // the admin's stored choice is taken away again: the banner waits for an answer
    await context.addInitScript(() => window.localStorage.removeItem('cookie-consent'));
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await openPage(page, '/admin/events/new');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Neues Event erstellen');
    await expectReachableAboveBanner(
      page,
      page.getByRole('button', { name: 'Event erstellen', exact: true }),
    );
  } finally {
    await context.close();
  }
});
