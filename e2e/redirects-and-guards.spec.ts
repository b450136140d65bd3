// Redirects, sign-in guards, the not-found page and the magic-link handler
// (docs/product/site.md#pages-and-access).
import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  openPage,
  refused,
  test,
  waitForApp,
} from './support/fixtures';

/** The origin a guard remembered for the sign-in page (React Router keeps navigation state in history.state.usr). */
const rememberedOrigin = (page: Page) =>
  page.evaluate(() => {
    const state = window.history.state as { usr?: { from?: { pathname?: string } } } | null;
    return state?.usr?.from?.pathname ?? null;
  });

/** A control of the magic-link handler, whether it is a button or a link. */
const action = (scope: Locator, name: string) =>
  scope.getByRole('button', { name, exact: true }).or(scope.getByRole('link', { name, exact: true }));

test.describe('redirects', () => {
  test('/events goes to /?view=cards', async ({ page }) => {
    await openPage(page, '/events');
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/\?view=cards$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zeit für dich. Raum für Wachstum.');
  });

  test('/timetable goes to /?view=timetable', async ({ page }) => {
    await openPage(page, '/timetable');
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/\?view=timetable$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zeit für dich. Raum für Wachstum.');
  });

  test('/order/{id}/confirmation goes to the guarded /booking/{id}/success, so signed-out visitors end on /login', async ({
    page,
  }) => {
    await openPage(page, '/order/abc/confirmation');
    await expect(page).toHaveURL(/\/login$/);
    expect(await rememberedOrigin(page)).toBe('/booking/abc/success');
  });
});

test.describe('sign-in guards (signed out)', () => {
  // /checkout/{id} is open to guests: it shows the quick sign-in card itself (decision 011).
  const GUARDED = ['/my-tickets', '/meine-tickets', '/profile', '/onboarding', '/booking/x'];
  const ADMIN_ONLY = ['/admin', '/admin/events', '/coming-soon'];

  for (const path of [...GUARDED, ...ADMIN_ONLY]) {
    test(`${path} sends a signed-out visitor to /login and remembers the origin`, async ({ page }) => {
      const response = await openPage(page, path);
      expect(response?.status(), `HTTP status of ${path}`).toBe(200);
      await expect(page).toHaveURL(/^http:\/\/[^/]+\/login$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await rememberedOrigin(page)).toBe(path);
    });
  }
});

test.describe('not-found page', () => {
  // the server answers an unknown path with the shell and 404, which the browser notes on the console
  test.beforeEach(({ allowBrowserErrors }) => allowBrowserErrors(refused(404, '/gibt-es-nicht')));
  test('an unknown path answers 404 and shows "Seite nicht gefunden"', async ({ page }) => {
    const response = await openPage(page, '/gibt-es-nicht');
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
    await expect(main.getByRole('link', { name: 'Zur Startseite' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Zurück' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'not-found page');

    await main.getByRole('link', { name: 'Zur Startseite' }).click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zeit für dich. Raum für Wachstum.');
  });

  test('"Zurück" goes back to the previous page', async ({ page }) => {
    await openPage(page, '/help');
    await openPage(page, '/gibt-es-nicht/auch-nicht');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
    await page.getByRole('main').getByRole('button', { name: 'Zurück' }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Häufige Fragen (FAQ)');
  });

  test('known routes answer 200', async ({ page }) => {
    for (const path of ['/help', '/', '/login', '/event/zeit-fuer-uns-paar-retreat-lueneburger-heide']) {
      const response = await page.goto(path);
      expect(response?.status(), `HTTP status of ${path}`).toBe(200);
    }
    const response = await page.goto('/help/');
    expect(response?.status(), 'a trailing slash is the same route').toBe(200);
  });
});

test.describe('magic-link handler', () => {
  // the made-up tokens are refused by the server (422), which the browser notes on the console
  test.beforeEach(({ allowBrowserErrors }) =>
    allowBrowserErrors(refused(422, '/api/auth/magic-link/verify')),
  );
  for (const url of ['/?token=abc', '/help?token=abc', '/?code=abc', '/auth/magic-link']) {
    test(`${url} shows the handler, then the error state with its actions`, async ({ page }) => {
      await page.goto(url);
      await waitForApp(page);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText('Anmeldung fehlgeschlagen', {
        timeout: 10_000,
      });
      // the three actions, as buttons or links (spec: Back, Resend link, Home)
      for (const name of ['Zurück', 'Link erneut senden', 'Startseite']) {
        await expect(action(main, name), `action '${name}'`).toBeVisible();
      }
      // sign-in pages: plus a support mail link
      await expect(main.locator('a[href^="mailto:"]')).toHaveCount(1);
      // the handler replaces the page of the path: no home page or FAQ behind it
      await expect(page.getByText('Zeit für dich. Raum für Wachstum.')).toHaveCount(0);
      await expect(page.getByText('Häufige Fragen (FAQ)')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, `magic-link handler ${url}`);
    });
  }

  test('"Startseite" leaves the handler for the home page', async ({ page }) => {
    await openPage(page, '/?token=abc');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmeldung fehlgeschlagen', {
      timeout: 10_000,
    });
    await action(page.getByRole('main'), 'Startseite').click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zeit für dich. Raum für Wachstum.');
  });
});
