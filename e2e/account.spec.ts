import { expectNoSeriousA11yViolations, openPage, test, expect } from './support/fixtures';
import { freshEmail, signInByCode } from './support/mailbox';

test(
  'sign in by code, complete onboarding, edit the profile, sign out',
  { tag: '@phone' },
  async ({ page, isMobile }) => {
    const email = freshEmail('anna');
    // a guarded page remembers the origin
    await openPage(page, '/my-tickets');
    await expect(page).toHaveURL(/\/login$/);
    await signInByCode(page, email);

    // a new account has no phone yet: onboarding first (forced)
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(
      page.getByRole('heading', { name: 'Willkommen! Lass uns dein Account vervollständigen' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Bitte fülle Name und Telefonnummer aus und stimme der DSGVO-Einwilligung zu.',
    );
    await page.getByRole('textbox', { name: 'Vollständiger Name' }).fill('Anna Berg');
    await page.getByRole('textbox', { name: 'Telefonnummer' }).fill('040 1234567');
    await page.locator('#onboarding-dsgvo').check();
    await page.getByRole('button', { name: 'Weiter' }).click();
    // back to where the visitor wanted to go
    await expect(page).toHaveURL(/\/my-tickets$/);

    // profile: saved on blur with the indicator
    await openPage(page, '/profile');
    await expect(page.getByRole('heading', { name: 'Mein Profil' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const phone = page.getByRole('textbox', { name: 'Telefonnummer' });
    await expect(phone).toHaveValue('040 1234567');
    await phone.fill('040 7654321');
    await phone.blur();
    await expect(page.getByText('Gespeichert').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Telefonnummer' })).toHaveValue('040 7654321');

    // avatar initials and sign-out from the account menu (desktop) or the mobile menu
    if (isMobile) {
      await page.getByRole('button', { name: 'Menü öffnen' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Abmelden' }).click();
    } else {
      await expect(page.getByRole('button', { name: 'Konto-Menü' })).toHaveText('AB');
      await page.getByRole('button', { name: 'Konto-Menü' }).click();
      await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    }
    await expect(page).toHaveURL(/\/$/);
    await openPage(page, '/profile');
    await expect(page).toHaveURL(/\/login$/);
  },
);

test('an attendee opening the admin area sees Access Denied and goes home', async ({ page }) => {
  const email = freshEmail('no-admin');
  await openPage(page, '/login');
  await signInByCode(page, email);
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('textbox', { name: 'Vollständiger Name' }).fill('Nora Nutzer');
  await page.getByRole('textbox', { name: 'Telefonnummer' }).fill('040 111222');
  await page.locator('#onboarding-dsgvo').check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).not.toHaveURL(/\/onboarding$/);
  await page.goto('/admin');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText("You don't have permission to access the admin area.")).toBeVisible();
  await expect(page).not.toHaveURL(/\/admin/);
});
