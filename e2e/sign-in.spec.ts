import {
  expectNoSeriousA11yViolations,
  openPage,
  refused,
  test,
  expect,
  withRunLock,
} from './support/fixtures';
import { ADMIN_SETUP_LOCK, ownerSetup, signInAgain } from './support/admin';
import { codeIn, freshEmail, linkIn, waitForMail } from './support/mailbox';

test.describe('sign-in', () => {
  test(
    'the code step: six boxes, paste spreads the digits, wrong code shows the spec message',
    { tag: '@phone' },
    async ({ page, allowBrowserErrors }) => {
      allowBrowserErrors(refused(400, '/api/auth/code/verify')); // the wrong code, on purpose
      const email = freshEmail('paste');
      await openPage(page, '/login');
      await expectNoSeriousA11yViolations(page);
      await page.getByLabel('E-Mail-Adresse').fill(email);
      await page.getByRole('button', { name: 'Code senden' }).click();
      await expect(page.getByRole('heading', { name: 'Code eingeben' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      const mail = await waitForMail(page.request, email, /Anmeldecode/);
      const code = codeIn(mail);
      const wrong = code === '000000' ? '111111' : '000000';

      // a pasted code lands in all six boxes and submits by itself
      await page.getByLabel('Ziffer 1').focus();
      await page.evaluate((text) => {
        const data = new DataTransfer();
        data.setData('text', text);
        document.activeElement?.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true }),
        );
      }, wrong);
      for (let i = 1; i <= 6; i++) await expect(page.getByLabel(`Ziffer ${i}`)).toHaveValue(wrong[i - 1]!);
      await expect(page.getByRole('alert')).toHaveText('Code ungültig oder abgelaufen. Bitte erneut senden.');
      await expect(page.getByRole('button', { name: /Erneut senden in \d+s/ })).toBeDisabled();

      // Back returns to the e-mail step
      await page.getByRole('button', { name: 'Zurück' }).click();
      await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible();
    },
  );

  test('a magic link opened in the same browser signs in', async ({ page }) => {
    const email = freshEmail('link');
    await openPage(page, '/login');
    await page.getByLabel('E-Mail-Adresse').fill(email);
    await page.getByRole('button', { name: 'Lieber einen Anmeldelink per E-Mail' }).click();
    await expect(page.getByRole('heading', { name: 'Schau in dein Postfach' })).toBeVisible();
    const link = linkIn(await waitForMail(page.request, email, /Anmelde/));
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Du bist angemeldet.' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // a new attendee has no phone yet: onboarding comes first
    await expect(page).toHaveURL(/\/onboarding$/, { timeout: 5_000 });

    // the same link a second time is refused as used, also in a new tab (no session storage of the first)
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Anmeldung fehlgeschlagen' })).toBeVisible();
    const used = 'Magic Link wurde bereits verwendet. Bitte fordere einen neuen Link an.';
    await expect(page.getByRole('alert')).toHaveText(used);
    const tab = await page.context().newPage();
    await tab.goto(link);
    await expect(tab.getByRole('alert')).toHaveText(used);
    await tab.close();
  });

  test('owner setup creates the first admin once, who then signs in by code', async ({
    page,
    allowBrowserErrors,
  }) => {
    allowBrowserErrors(refused(409, '/api/setup/owner')); // the second setup, refused on purpose
    // The admin journeys of the same run may have made the owner already (one server per run): then the
    // setup page refuses, and the owner made then signs in below. Either way a second setup is refused.
    // The lock: the admin journeys' first sign-in by code (e2e/support/admin.ts) would void this one's code.
    await withRunLock(ADMIN_SETUP_LOCK, async () => {
      const { email } = await ownerSetup(page, expectNoSeriousA11yViolations);
      await page.getByRole('button', { name: 'Admin erstellen' }).click();
      await expect(page.getByRole('alert')).toContainText('Es gibt bereits einen Administrator.');

      await openPage(page, '/login');
      await signInAgain(page, email);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('link', { name: 'Administration' })).toBeVisible();
    });
  });
});
