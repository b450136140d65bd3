// Certificates of attendance as people use them (docs/product/certificates.md): the admin finds the demo
// workshop's card switched on, issues the one certificate that is missing by hand in the participant list and
// downloads a PDF; an employer opens the check page without an account (valid, revoked, unknown); Lena downloads
// hers in Meine Tickets.
import { adminContext, presetConsent, signInAgain } from './support/admin';
import {
  expect,
  expectNoSeriousA11yViolations,
  openPage,
  refused,
  saveScreenshot,
  test,
  waitForApp,
  withRunLock,
  LENA_SIGN_IN_LOCK,
} from './support/fixtures';

const PAST_WORKSHOP = 'achtsamkeit-im-alltag-hamburg';

test('the admin issues and downloads, an employer checks the code, Lena downloads hers', async ({
  browser,
  allowBrowserErrors,
}, testInfo) => {
  const admin = await adminContext(browser);
  const visitor = await browser.newContext();
  await presetConsent(visitor);
  try {
    const page = await admin.newPage();
    const events = (await (await page.request.get('/api/admin/events')).json()) as {
      id: string;
      slug: string;
    }[];
    const id = events.find((event) => event.slug === PAST_WORKSHOP)!.id;

    // the card on the edit page
    await openPage(page, `/admin/events/${id}/edit`);
    const card = page.getByRole('region', { name: 'Teilnahmebescheinigung' });
    await expect(
      card.getByRole('checkbox', { name: 'Teilnahmebescheinigungen für dieses Event ausstellen' }),
    ).toBeChecked();
    await expect(card.getByRole('textbox', { name: /Umfang/ })).toHaveValue('8');

    // the section below the participant list: the revoked one's ticket has none, issued by hand
    await openPage(page, `/admin/events/${id}/teilnehmende`);
    const section = page.getByRole('region', { name: 'Teilnahmebescheinigungen' });
    await expect(section.getByText(/widerrufen$/)).toBeVisible();
    const revokedCode = (await section.getByText(/widerrufen$/).textContent())!.split(' ')[0]!;
    await section.getByRole('button', { name: 'Alle ausstellen (1)' }).click();
    await expect(page.getByText('1 Bescheinigung ausgestellt.')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Alle ausgestellt' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, testInfo, 'certificates-participants');

    const download = page.waitForEvent('download');
    await section
      .getByRole('link', { name: /^Bescheinigung von .* als PDF$/ })
      .first()
      .click();
    expect((await download).suggestedFilename()).toMatch(
      /^Teilnahmebescheinigung-Achtsamkeit-im-Alltag.*\.pdf$/,
    );
    const validCode = (await section
      .getByRole('link', { name: /^[A-Z2-9]{12}$/ })
      .first()
      .textContent())!;

    // an employer, without an account
    const employer = await visitor.newPage();
    await openPage(employer, `/bescheinigung/${validCode}`);
    await expect(employer.getByRole('heading', { level: 1 })).toHaveText('Gültige Teilnahmebescheinigung');
    await expect(employer.getByText('Achtsamkeit im Alltag – Tagesworkshop in Hamburg')).toBeVisible();
    await expect(employer.getByText('8 Unterrichtseinheiten (à 45 Minuten)')).toBeVisible();
    await expectNoSeriousA11yViolations(employer);
    await saveScreenshot(employer, testInfo, 'certificate-check-valid');
    await openPage(employer, `/bescheinigung/${revokedCode}`);
    await expect(employer.getByRole('heading', { level: 1 })).toHaveText('Bescheinigung widerrufen');
    allowBrowserErrors(refused(404, '/api/certificates/check/'));
    await openPage(employer, '/bescheinigung/ABCDEFGHJKLM');
    await expect(employer.getByRole('heading', { level: 1 })).toHaveText('Bescheinigung nicht gefunden');

    // Lena, in Meine Tickets
    const lena = await visitor.newPage();
    await lena.goto('/login');
    await waitForApp(lena);
    // e2e/server-rendering.spec.ts signs Lena in too: a second code to her address would void this one
    await withRunLock(LENA_SIGN_IN_LOCK, async () => {
      await signInAgain(lena, 'lena.hoffmann@demo.example');
      await expect(lena).not.toHaveURL(/\/login$/);
    });
    await openPage(lena, '/my-tickets');
    await lena.getByRole('tab', { name: /Vergangen/ }).click();
    const link = lena.getByRole('link', { name: 'Teilnahmebescheinigung' }).first();
    await expect(link).toBeVisible();
    const own = lena.waitForEvent('download');
    await link.click();
    expect((await own).suggestedFilename()).toMatch(/Lena-Hoffmann\.pdf$/);
  } finally {
    await admin.close();
    await visitor.close();
  }
});
