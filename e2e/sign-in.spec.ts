import { execFileSync } from 'node:child_process';
import { expectNoSeriousA11yViolations, openPage, test, expect } from './support/fixtures';
import { codeIn, freshEmail, linkIn, signInByCode, waitForMail } from './support/mailbox';

test.describe('sign-in', () => {
  test('the code step: six boxes, paste spreads the digits, wrong code shows the spec message', async ({
    page,
  }) => {
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
  });

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

    // the same link a second time is refused
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Anmeldung fehlgeschlagen' })).toBeVisible();
  });

  test('owner setup creates the first admin once, who then signs in by code', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one first admin per run');
    const printed = execFileSync(process.execPath, ['dist/server/setup-token.js'], {
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PUBLIC_URL: 'http://127.0.0.1:3100' },
      encoding: 'utf8',
    });
    const url = printed.match(/https?:\/\/\S+\/setup\?token=\S+/)![0];
    await openPage(page, url.replace('http://127.0.0.1:3100', ''));
    await expect(page.getByRole('heading', { name: 'Ersteinrichtung: Eigentümer' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const email = freshEmail('owner');
    await page.getByLabel('E-Mail des Eigentümers').fill(email);
    await page.getByLabel('Vollständiger Name (optional)').fill('Olivia Owner');
    await page.getByRole('button', { name: 'Admin erstellen' }).click();
    await expect(
      page.getByText('Admin-Benutzer erstellt. Bitte prüfen Sie Ihr E-Mail-Postfach und melden Sie sich an.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Admin erstellen' }).click();
    await expect(page.getByRole('alert')).toContainText('Fehler:');

    await openPage(page, '/login');
    await signInByCode(page, email);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Administration' })).toBeVisible();
  });
});
