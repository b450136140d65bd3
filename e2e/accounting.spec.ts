// 'Buchhaltung' (docs/product/accounting.md): an admin exports the demo's year to date for DATEV, the
// Buchungsstapel in Windows-1252 with the EXTF header and the invoices as a package with document.xml. On the
// embedded defaults (PGlite, demo seed with SKR03 filled in). On the phone: the page passes axe and fits.
import { execFileSync } from 'node:child_process';
import type { Download, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { adminContext } from './support/admin';
import { expect, expectNoSeriousA11yViolations, openPage, test } from './support/fixtures';
import { expectNoPageOverflow } from './support/page-width';

const berlinToday = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());

async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function downloadOf(page: Page, name: string): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name, exact: true }).click(),
  ]);
  return download;
}

test(
  'an admin exports the year to date for DATEV: the stapel and the documents',
  { tag: '@phone' },
  async ({ browser }, testInfo) => {
    const context = await adminContext(browser);
    const page = await context.newPage();
    await openPage(page, '/admin');
    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Buchhaltung' })
      .click();
    await expect(page).toHaveURL(/\/admin\/buchhaltung$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buchhaltung');
    // the demo's accounts: SKR03 with example numbers
    await expect(page.getByLabel('Kontenrahmen', { exact: true })).toHaveValue('skr03');
    await expect(page.getByLabel('Beraternummer', { exact: true })).toHaveValue('1001');

    const today = berlinToday();
    await page.getByLabel('Zeitraum', { exact: true }).selectOption('range');
    await page.getByLabel('Von', { exact: true }).fill(`${today.slice(0, 4)}-01-01`);
    await page.getByLabel('Bis', { exact: true }).fill(today);
    await expect(
      page.getByText(/\d+ Rechnung(en)?, \d+ Stornorechnung(en)?, \d+ Zahlung(en)?/),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Salden je Konto im Zeitraum' })).toContainText('8400');
    await expectNoSeriousA11yViolations(page, 'Buchhaltung');
    if (testInfo.project.name === 'phone') await expectNoPageOverflow(page, 'Buchhaltung');

    const csv = await downloadOf(page, 'Buchungsstapel (CSV)');
    expect(csv.suggestedFilename()).toBe(
      `EXTF_Buchungsstapel_${today.slice(0, 4)}0101_${today.replaceAll('-', '')}.csv`,
    );
    const text = execFileSync('iconv', ['-f', 'WINDOWS-1252', '-t', 'UTF-8'], {
      input: await bytesOf(csv),
    }).toString();
    const [header, headings, ...lines] = text.trimEnd().split('\r\n');
    expect(header).toMatch(/^"EXTF";700;21;"Buchungsstapel";13;\d{17};;"RE";/);
    expect(headings!.split(';')).toHaveLength(125);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.some((line) => line.includes(';10000;8400;'))).toBe(true);

    const zip = unzipSync(new Uint8Array(await bytesOf(await downloadOf(page, 'Belege als ZIP'))));
    const xml = new TextDecoder().decode(zip['document.xml']);
    expect(xml).toContain('<archive xmlns="http://xml.datev.de/bedi/tps/document/v06.0"');
    expect(Object.keys(zip).filter((name) => name.endsWith('.pdf')).length).toBe(
      [...xml.matchAll(/<document /g)].length,
    );
    await context.close();
  },
);
