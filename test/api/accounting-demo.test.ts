import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDatevStapel, previewDatevExport } from '@server/core/accounting/export-datev';
import { loadAccountingSettings } from '@server/core/accounting/accounting-settings';
import { seedDemo } from '@server/demo/seed';
import { invoices } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';

// The demo's 'Buchhaltung' (docs/product/accounting.md#settings): SKR03 filled in, and every demo invoice in the
// Buchungsstapel of its year exactly once, the revenue accounts adding up to the invoices.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.database.db, new Date())).toBe(true);
});
afterAll(() => t.close());

describe('the demo accounting', () => {
  it('has SKR03 with example numbers, and exports every demo invoice once per year', async () => {
    const settings = await loadAccountingSettings(t.database.db);
    expect(settings).toMatchObject({ chart: 'skr03', consultantNumber: '1001', clientNumber: '1' });
    const all = await t.database.db.select().from(invoices);
    expect(all.length).toBeGreaterThan(0);
    const revenue = new Set(Object.values(settings.revenueAccounts));
    for (const year of new Set(all.map((invoice) => invoice.document.issueDate.slice(0, 4)))) {
      const range = { from: `${year}-01-01`, to: `${year}-12-31` };
      const file = await exportDatevStapel({ db: t.database.db, settings: t.settings }, range);
      const text = execFileSync('iconv', ['-f', 'WINDOWS-1252', '-t', 'UTF-8'], {
        input: file.body,
      }).toString();
      const lines = text
        .trimEnd()
        .split('\r\n')
        .slice(2)
        .map((line) => line.split(';'));
      const ofYear = all.filter((invoice) => invoice.document.issueDate.startsWith(year));
      const invoiceLines = lines.filter((line) => revenue.has(line[7]!));
      expect(invoiceLines.map((line) => line[10]!.replaceAll('"', '')).sort()).toEqual(
        ofYear.map((invoice) => invoice.number).sort(),
      );
      const preview = await previewDatevExport({ db: t.database.db, settings: t.settings }, range);
      const revenueBalance = preview.accounts
        .filter((row) => revenue.has(row.account))
        .reduce((sum, row) => sum + row.balanceCents, 0);
      expect(-revenueBalance).toBe(ofYear.reduce((sum, invoice) => sum + invoice.grossCents, 0));
    }
  });
});
