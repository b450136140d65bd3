// The charts (docs/product/charts.md): the admin sees the shop's days on the dashboard and an event's days
// against its capacity on its page, with the door after the event; text summary, table and picture together,
// light and dark. The demo's past Hamburg workshop has sales and a door.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { adminContext } from './support/admin';
import { expect, expectNoSeriousA11yViolations, openPage, switchTheme, test } from './support/fixtures';

const PAST_EVENT = 'achtsamkeit-im-alltag-hamburg';

async function chartShot(box: Locator, testInfo: TestInfo, name: string) {
  const dir = path.join(testInfo.project.outputDir, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await box.screenshot({
    path: path.join(dir, `${testInfo.project.name}-${name}.png`),
    animations: 'disabled',
  });
}

/** The chart's region, its picture named by the heading and described by the summary. */
async function salesChart(page: Page) {
  const chart = page.getByRole('region', { name: 'Buchungen und Umsatz pro Tag', exact: true });
  const image = chart.getByRole('img', { name: 'Buchungen und Umsatz pro Tag' });
  await expect(image).toBeVisible();
  const described = await image.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${described}"]`)).not.toBeEmpty();
  return chart;
}

test(
  'the admin reads bookings and revenue per day on the dashboard and an event page, and the door after it',
  { tag: '@phone' },
  async ({ browser }, testInfo) => {
    const admin = await adminContext(browser);
    try {
      const page = await admin.newPage();
      await openPage(page, '/admin');
      const dashboard = await salesChart(page);
      await expect(dashboard).toContainText('Letzte 30 Tage:');
      await expect(dashboard).toContainText(/kommenden Events? (sind|ist) zu/);
      await dashboard.getByText('Als Tabelle anzeigen').click();
      await expect(dashboard.getByRole('table')).toBeVisible();
      const door = page.getByRole('region', { name: 'Check-in vergangener Events' });
      await expect(door.getByRole('img').first()).toHaveAttribute('aria-label', /eingecheckt|Kein Check-in/);
      await expectNoSeriousA11yViolations(page, 'dashboard with its charts');
      await chartShot(dashboard.locator('xpath=..'), testInfo, 'charts-dashboard');

      const events = (await (await page.request.get('/api/organizer/events')).json()) as {
        id: string;
        slug: string;
      }[];
      const past = events.find((event) => event.slug === PAST_EVENT)!;
      await openPage(page, `/admin/events/${past.id}/edit`);
      const chart = await salesChart(page);
      await expect(chart).toContainText(/Plätze? von \d+ verkauft/);
      await expect(chart.getByRole('list', { name: 'Legende' })).toContainText('Kapazität');
      await expect(page.getByRole('heading', { name: 'Check-in und No-Shows' })).toBeVisible();
      await chart.getByText('Als Tabelle anzeigen').click();
      await expect(chart.getByRole('columnheader', { name: /verkauft von/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'event page with its charts');
      const card = chart.locator('xpath=..');
      await chartShot(card, testInfo, 'charts-event');
      await switchTheme(page, 'dark');
      await salesChart(page);
      await chartShot(
        page.getByRole('region', { name: 'Buchungen und Umsatz pro Tag', exact: true }).locator('xpath=..'),
        testInfo,
        'charts-event-dark',
      );
      await expectNoSeriousA11yViolations(page, 'event page with its charts, dark', { coloursOnly: true });
      await switchTheme(page, 'light');
    } finally {
      await admin.close();
    }
  },
);
