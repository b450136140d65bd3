import type { Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  openPage,
  refused,
  saveScreenshot,
  test,
  expect,
} from './support/fixtures';
import { freshEmail, waitForMail, type DevMail } from './support/mailbox';

// The links in the mails point at PUBLIC_URL (http://localhost:3100 here); the browser uses 127.0.0.1.
const pathOfLink = (mail: DevMail, param: 'confirm' | 'unsubscribe') =>
  new RegExp(`https?://[^\\s/]+(/email-confirmed\\?${param}=\\S+)`).exec(mail.text)![1]!;

const footerBlock = (page: Page) => page.getByRole('region', { name: 'Neue Veranstaltungen per E-Mail' });
const storedFlag = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);

test.describe('newsletter', () => {
  test('footer sign-up, confirmation link, "Geschafft"; again: already subscribed; unsubscribe link', async ({
    page,
    allowBrowserErrors,
  }, testInfo) => {
    const email = freshEmail('newsletter');
    await openPage(page, '/');
    const block = footerBlock(page);
    const field = block.getByLabel('E-Mail für den Newsletter');
    const submit = block.getByRole('button', { name: 'Abonnieren' });
    await expect(block.getByText('Keine Werbung · Jederzeit abmeldbar')).toBeVisible();
    await expect(submit).toBeDisabled();

    await field.fill('keine-adresse');
    await submit.click();
    await expect(block.getByText('Bitte gib eine gültige Email-Adresse ein')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await field.fill(`  ${email.toUpperCase()} `);
    await submit.click();
    await expect(block.getByText('Fast geschafft! Bitte bestätige deine Email. 📧')).toBeVisible();
    expect(await storedFlag(page, 'newsletter-subscribed')).toBe('true');
    await saveScreenshot(page, testInfo, 'newsletter-footer-success');

    const mail = await waitForMail(page.request, email, /Bitte bestätige deine Anmeldung/);
    expect(mail.text).toContain('/email-confirmed?unsubscribe=');
    const confirmPath = pathOfLink(mail, 'confirm');
    await openPage(page, confirmPath);
    await expect(page.getByRole('heading', { name: 'Geschafft' })).toBeVisible();
    await expect(page.getByText('Du wirst ab jetzt über neue Veranstaltungen informiert.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, testInfo, 'newsletter-confirmed');

    // the subscription is remembered: no footer block on the next visit
    await openPage(page, '/');
    await expect(footerBlock(page)).toHaveCount(0);

    // another browser (no stored flag) signing up the same address again
    await page.evaluate(() => localStorage.removeItem('newsletter-subscribed'));
    await openPage(page, '/');
    await footerBlock(page).getByLabel('E-Mail für den Newsletter').fill(email);
    await footerBlock(page).getByRole('button', { name: 'Abonnieren' }).click();
    await expect(footerBlock(page).getByText('Du bist bereits angemeldet! 🎉')).toBeVisible();

    // the link works once (the second answer is a 400, which the browser notes on the console)
    allowBrowserErrors(refused(400, '/api/newsletter/confirm'));
    await openPage(page, confirmPath);
    await expect(page.getByRole('heading', { name: 'Bestätigung fehlgeschlagen' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('bereits verwendet');

    // the welcome mail's unsubscribe link
    const welcome = await waitForMail(page.request, email, /Willkommen beim Newsletter/);
    await openPage(page, pathOfLink(welcome, 'unsubscribe'));
    await expect(page.getByRole('heading', { name: 'Abgemeldet' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Zur Startseite' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('dismissing the footer block survives a reload', async ({ page }) => {
    await openPage(page, '/help');
    await expect(footerBlock(page)).toBeVisible();
    await footerBlock(page).getByRole('button', { name: 'Ausblenden' }).click();
    await expect(footerBlock(page)).toHaveCount(0);
    expect(await storedFlag(page, 'newsletter-dismissed')).toBe('true');
    await page.reload();
    await openPage(page, '/');
    await expect(footerBlock(page)).toHaveCount(0);
  });

  for (const theme of ['light', 'dark'] as const) {
    test.describe(`/email-confirmed in ${theme} mode`, () => {
      test.use({ theme });
      test('a broken link shows the failure and passes axe', async ({
        page,
        allowBrowserErrors,
      }, testInfo) => {
        allowBrowserErrors(refused(400, '/api/newsletter/confirm'));
        await openPage(page, '/email-confirmed?confirm=kaputt');
        await expect(page.getByRole('heading', { name: 'Bestätigung fehlgeschlagen' })).toBeVisible();
        await expect(page.getByRole('alert')).toContainText('ungültig');
        await expect(page.getByRole('main').getByRole('link', { name: 'Zur Startseite' })).toBeVisible();
        // dark: the colours of the page its light twin checks whole (support/fixtures.ts)
        await expectNoSeriousA11yViolations(page, undefined, { coloursOnly: theme === 'dark' });
        await saveScreenshot(page, testInfo, `newsletter-failure-${theme}`);

        // a provider error in the hash is shown as sent
        await openPage(page, '/email-confirmed#error=access_denied&error_description=Link+abgelaufen');
        await expect(page.getByRole('alert')).toHaveText('Link abgelaufen');
      });
    });
  }
});
