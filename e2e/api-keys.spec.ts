// API keys and the REST API (docs/product/api.md): the admin makes a key in Settings → 'API-Schlüssel', sees it
// once, a program reads the events with it, the admin revokes it and the next call is refused. The docs page
// renders for people.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { adminContext } from './support/admin';
import { expect, openPage, saveScreenshot, switchTheme, test } from './support/fixtures';

async function apiKeysCard(page: Page) {
  await openPage(page, '/admin/settings#api-keys');
  const card = page.getByRole('region', { name: 'API-Schlüssel' });
  await expect(card.getByRole('list', { name: 'API-Schlüssel' })).toBeVisible();
  return card;
}

/** The card alone, for people to look at (the settings page is long). */
async function cardScreenshot(card: Locator, testInfo: TestInfo, name: string) {
  const dir = path.join(testInfo.project.outputDir, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await card.screenshot({
    path: path.join(dir, `${testInfo.project.name}-${name}.png`),
    animations: 'disabled',
  });
}

test(
  'the admin makes a key, a program reads the events with it, and a revoked key is refused',
  { tag: '@phone' },
  async ({ browser, request }, testInfo) => {
    const admin = await adminContext(browser);
    try {
      const page = await admin.newPage();
      const card = await apiKeysCard(page);
      // the demo's two keys
      await expect(card.getByText('Buchhaltung (CSV-Export)')).toBeVisible();
      await expect(card.getByText('Alte Einlass-App')).toBeVisible();

      const name = `Test ${testInfo.project.name} ${Date.now()}`;
      await card.getByLabel('Name').fill(name);
      await card.getByRole('checkbox', { name: /Check-in/ }).check();
      await card.getByRole('button', { name: 'Schlüssel erstellen' }).click();
      const secret = (await card.getByLabel('Neuer API-Schlüssel').textContent())!;
      expect(secret).toMatch(/^tsk_[A-Za-z0-9_-]{43}$/);
      await cardScreenshot(card, testInfo, 'api-keys-new');

      const events = await request.get('/api/v1/events?limit=5', {
        headers: { Authorization: `Bearer ${secret}` },
      });
      expect(events.status()).toBe(200);
      expect(((await events.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);

      await card.getByRole('button', { name: 'Fertig' }).click();
      await expect(card.getByLabel('Neuer API-Schlüssel')).toHaveCount(0);
      const row = card.getByRole('listitem').filter({ hasText: name });
      await expect(row).toContainText('Zuletzt benutzt am');
      await row.getByRole('button', { name: 'Widerrufen' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Widerrufen' }).click();
      await expect(row).toContainText('Widerrufen am');
      const refused = await request.get('/api/v1/events', { headers: { Authorization: `Bearer ${secret}` } });
      expect(refused.status()).toBe(401);
      await switchTheme(page, 'dark');
      await cardScreenshot(await apiKeysCard(page), testInfo, 'api-keys-dark');
      await switchTheme(page, 'light');

      await page.goto('/api/v1/docs');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Ticketshop-API');
      await saveScreenshot(page, testInfo, 'api-docs');
    } finally {
      await admin.close();
    }
  },
);
