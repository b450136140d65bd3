// What a visitor types or taps on a server-rendered page before React has taken it over is kept and acted on
// once the app answers; the browser never submits such a form itself (docs/architecture.md#server-rendering).
// The CPU runs 4× slower, as on a cheap phone, and each try starts with empty caches. The app's code is held
// back until the visitor has acted, so the journey is before hydration by construction, not by luck.
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { codeIn, freshEmail, waitForMail } from './support/mailbox';

/**
 * A fresh context (no cache) whose app code (`held`, by default the entry) waits until `release` is called; the
 * CPU slowed 4×.
 */
async function slowPageHoldingTheApp(browser: Browser, held = /\/assets\/index-[^/]+\.js$/) {
  const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  await context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'essential'));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // the entry module that public/start-app.js adds after the first paint, or a lazily loaded part's chunk
  await page.route(held, async (route) => {
    await released;
    await route.continue();
  });
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) documents.push(request.url());
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return { context, page, release, documents, errors };
}

/** Types into the field, as a visitor would, and presses Enter. */
async function typeAndEnter(page: Page, field: Locator, text: string) {
  await field.click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

const notTakenOver = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.ready === undefined);

test.describe('before the app has taken the page over', () => {
  test('/login: an address typed at first paint and sent with Enter gets its code, three times in a row', async ({
    browser,
    request,
  }) => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const { context, page, release, documents, errors } = await slowPageHoldingTheApp(browser);
      const email = freshEmail(`early-${attempt}`);
      await page.goto('/login', { waitUntil: 'commit' });
      await typeAndEnter(page, page.getByLabel('E-Mail-Adresse'), email);
      expect(await notTakenOver(page)).toBe(true);
      release();

      await expect(page.getByRole('heading', { name: 'Code eingeben' })).toBeVisible();
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login');
      expect(documents, 'the browser submitted the form itself').toHaveLength(1);
      const mail = await waitForMail(request, email, /Anmeldecode/);
      expect(codeIn(mail)).toMatch(/^\d{6}$/);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  test('the newsletter box: an address typed at first paint and sent with Enter is signed up', async ({
    browser,
  }) => {
    const { context, page, release, documents, errors } = await slowPageHoldingTheApp(browser);
    const email = freshEmail('early-newsletter');
    await page.goto('/help', { waitUntil: 'commit' });
    const field = page.getByLabel('E-Mail für den Newsletter');
    await typeAndEnter(page, field, email);
    expect(await notTakenOver(page)).toBe(true);
    release();

    await expect(page.getByText('Fast geschafft! Bitte bestätige deine Email. 📧')).toBeVisible();
    expect(documents, 'the browser submitted the form itself').toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the footer newsletter, a part whose code comes after the page: Enter before it arrived still signs up', async ({
    browser,
  }) => {
    const { context, page, release, documents, errors } = await slowPageHoldingTheApp(
      browser,
      /\/assets\/footer-newsletter-[^/]+\.js$/,
    );
    const email = freshEmail('early-part');
    await page.goto('/help', { waitUntil: 'commit' });
    // the page answers, the footer's box does not yet
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    const field = page.getByLabel('E-Mail für den Newsletter');
    await typeAndEnter(page, field, email);
    expect(await field.evaluate((node) => node.closest('[data-lazy-part]')?.hasAttribute('data-live'))).toBe(
      false,
    );
    release();

    await expect(page.getByText('Fast geschafft! Bitte bestätige deine Email. 📧')).toBeVisible();
    expect(documents, 'the browser submitted the form itself').toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
