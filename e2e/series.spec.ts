// Event series (docs/product/event-series.md): the admin turns a new event into a weekly series with
// 'Als Reihe anlegen' (preview, then the series' page), a visitor opens the series page, sees every date with
// its seats, opens the second date and books it; the series page then shows one seat fewer for that date.
import type { BrowserContext } from '@playwright/test';
import { adminContext } from './support/admin';
import { expect, expectNoSeriousA11yViolations, openPage, screenshotFromTop, test } from './support/fixtures';
import { freshEmail, signInByCode } from './support/mailbox';

const DAY = 86_400_000;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** A free published evening three weeks ahead (17:00 UTC), made through the API. */
async function freeEvening(admin: BrowserContext) {
  const day = new Date(Date.now() + 21 * DAY);
  day.setUTCHours(17, 0, 0, 0);
  const title = `Reihen-Abend ${Date.now()}`;
  const created = await admin.request.post('/api/admin/events', {
    data: {
      title,
      description: 'Ein Abend, jede Woche.',
      startTime: day.toISOString(),
      endTime: new Date(day.getTime() + 2 * 3_600_000).toISOString(),
      location: 'Kiel',
      totalSeats: 6,
      priceCents: 0,
      status: 'published',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return {
    ...((await created.json()) as { id: string; slug: string; startTime: string; endTime: string }),
    title,
  };
}

test('the admin makes a weekly series; a visitor finds it on the series page and books its second date', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = await adminContext(browser);
  const event = await freeEvening(admin);
  try {
    const adminPage = await admin.newPage();
    await openPage(adminPage, `/admin/events/${event.id}/edit`);
    await adminPage.getByRole('button', { name: 'Als Reihe anlegen' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Als Reihe anlegen' });
    await dialog.getByLabel('Rhythmus').selectOption('weekly');
    await dialog.getByLabel('Anzahl Termine').fill('1');
    await dialog.getByRole('button', { name: 'Vorschau' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Bitte gib eine Anzahl von 2 bis 52 Terminen an.');
    await dialog.getByLabel('Anzahl Termine').fill('3');
    await dialog.getByRole('button', { name: 'Vorschau' }).click();
    const preview = dialog.getByRole('region', { name: 'Vorschau der Termine' });
    await expect(preview.getByRole('listitem')).toHaveCount(3);
    // every date at the first one's wall time in Berlin
    const clock = new Intl.DateTimeFormat('de-DE', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Berlin',
    });
    const range = `${clock.format(new Date(event.startTime))}–${clock.format(new Date(event.endTime))} Uhr`;
    for (const index of [0, 1, 2])
      await expect(preview.getByRole('listitem').nth(index)).toContainText(range);
    await expectNoSeriousA11yViolations(adminPage, 'series dialog');
    await dialog.getByRole('button', { name: 'Reihe anlegen' }).click();
    await expect(adminPage).toHaveURL(new RegExp(`/admin/series/${UUID}$`));
    await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText(`Reihe: ${event.title}`);
    await expect(adminPage.getByRole('table', { name: 'Termine der Reihe' }).getByRole('row')).toHaveCount(4);
    await expectNoSeriousA11yViolations(adminPage, 'admin series page');
    await screenshotFromTop(adminPage, testInfo, 'series-admin');

    // The visitor: the series page lists the three dates, each with its seats
    await openPage(page, `/series/${event.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.title);
    const dates = page.getByRole('list', { name: 'Kommende Termine' }).getByRole('link');
    await expect(dates).toHaveCount(3);
    await expect(dates.nth(1)).toContainText('6 Tickets übrig');
    await expectNoSeriousA11yViolations(page, 'series page');
    await screenshotFromTop(page, testInfo, 'series-page');
    await dates.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/event/${event.slug}-\\d{4}-\\d{2}-\\d{2}$`));
    await expect(page.getByRole('heading', { name: 'Weitere Termine' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Alle Termine der Reihe' })).toHaveAttribute(
      'href',
      `/series/${event.slug}`,
    );
    const dateUrl = page.url();

    await page.getByRole('button', { name: 'Jetzt buchen' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await signInByCode(page, freshEmail('series'));
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.getByRole('textbox', { name: 'Vollständiger Name' }).fill('Sina Serie');
    await page.getByRole('textbox', { name: 'Telefonnummer' }).fill('0431 5556677');
    await page.locator('#onboarding-dsgvo').check();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${UUID}$`));
    await page.getByRole('button', { name: 'Kostenlos buchen', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/booking/${UUID}/success$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buchung erfolgreich!');

    // the booked date has one seat fewer, the others none
    await openPage(page, `/series/${event.slug}`);
    const after = page.getByRole('list', { name: 'Kommende Termine' }).getByRole('link');
    await expect(after.nth(1)).toContainText('5 Tickets übrig');
    await expect(after.nth(0)).toContainText('6 Tickets übrig');
    await expect(after.nth(2)).toContainText('6 Tickets übrig');
    expect(dateUrl).toContain(await after.nth(1).getAttribute('href'));
  } finally {
    await admin.close();
  }
});
