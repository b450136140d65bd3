// Public pages carry their content in the first HTML and React takes them over without a new render or a
// jump (docs/architecture.md#server-rendering).
import type { Page } from '@playwright/test';
import { signInAgain } from './support/admin';
import { expect, LENA_SIGN_IN_LOCK, openPage, test, withRunLock } from './support/fixtures';
import { layoutShift, watchLayoutShifts } from './support/layout-shift';

const EVENT = {
  slug: 'klarheit-finden-wochenendseminar-ostsee',
  title: 'Klarheit finden – Wochenendseminar an der Ostsee',
};

test.describe('without JavaScript', () => {
  test('home shows the event cards with title, date, price and seats', async ({ browser }) => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zeit für dich. Raum für Wachstum.');
    const card = page.getByTestId('event-card').filter({ hasText: EVENT.title });
    await expect(card).toBeVisible();
    await expect(card).toContainText(/\d{2}\.\d{2}\.\d{4}/);
    await expect(card).toContainText('€');
    await expect(card).toContainText(/übrig|Ausgebucht/);
    // the splash hides itself by CSS, no script needed
    await expect(page.getByTestId('splash')).toBeHidden();
    await page.close();
  });

  test('the event page, help and the legal pages', async ({ browser }) => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto(`/event/${EVENT.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(EVENT.title);
    await expect(page.getByRole('main')).toContainText(/\d{2}\.\d{2}\.\d{4}/);
    await expect(page.getByRole('main')).toContainText('€');
    const pages: [string, RegExp][] = [
      ['/help', /Häufige Fragen/],
      ['/impressum', /Impressum/],
      ['/datenschutz', /Datenschutz/],
      ['/agb', /Allgemeine Geschäftsbedingungen/],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
    await page.close();
  });
});

/** Marks the first h1 as the HTML parser inserts it, before any script of the page ran. */
async function markServerHeading(page: Page) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const heading = document.querySelector('h1');
      if (!heading) return;
      heading.setAttribute('data-from-server', 'true');
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

test.describe('taking the page over', () => {
  for (const path of ['/', `/event/${EVENT.slug}`, '/help', '/impressum', '/login']) {
    test(
      `${path}: the server's HTML stays, no hydration error, no layout shift`,
      { tag: '@phone' },
      async ({ page, browserErrors }) => {
        await watchLayoutShifts(page);
        await markServerHeading(page);
        await page.goto(path);
        await page.evaluate(async () => {
          await document.fonts.ready;
          for (let frame = 0; frame < 2; frame++)
            await new Promise((resolve) => requestAnimationFrame(resolve));
        });
        // React kept the element the server sent instead of rendering a new one
        await expect(page.locator('h1[data-from-server="true"]')).toHaveCount(1);
        expect(browserErrors).toEqual([]);
        expect(await layoutShift(page)).toBeLessThan(0.05);
      },
    );
  }
});

test('checkout of a signed-in buyer comes rendered with the order form and is taken over as it is', async ({
  page,
  browserErrors,
}) => {
  await openPage(page, '/login');
  // e2e/certificates.spec.ts signs Lena in too: a second code to her address would void this one
  await withRunLock(LENA_SIGN_IN_LOCK, async () => {
    // a code mail of its own: the certificates journey may have left an older, used one to her address
    await signInAgain(page, 'lena.hoffmann@demo.example');
    await expect(page).not.toHaveURL(/\/login$/);
  });
  const events = (await (await page.request.get('/api/events')).json()) as { id: string; slug: string }[];
  const event = events.find((candidate) => candidate.slug === EVENT.slug)!;
  await markServerHeading(page);
  await page.goto(`/checkout/${event.id}`);
  await expect(page.locator('h1[data-from-server="true"]')).toHaveText('Tickets buchen');
  await expect(page.getByRole('textbox', { name: /Name auf dem Ticket/ })).not.toHaveValue('');
  expect(browserErrors).toEqual([]);
});
