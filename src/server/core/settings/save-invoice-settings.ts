import type { InvoiceSettings } from '@shared/invoices';
import type { Db } from '../../db/types';
import { publishEventChange } from '../events/event-changes';
import { mergeSettingRow } from './setting-rows';
import type { SettingsStore } from './settings-store';

/**
 * Card 'Rechnungen': the default tax mode and the number prefix (docs/product/invoices.md#settings). Issued
 * invoices keep what they were issued with; the paying transaction reads the row itself, so other
 * instances need no notice for invoices, only for their cached settings.
 */
export async function saveInvoiceSettings(options: {
  db: Db;
  settings: SettingsStore;
  input: InvoiceSettings;
}): Promise<{ invoicing: InvoiceSettings }> {
  const { db, settings, input } = options;
  await db.transaction(async (tx) => {
    await mergeSettingRow(tx, 'invoicing', { taxMode: input.taxMode, numberPrefix: input.numberPrefix });
    await publishEventChange(tx, null);
  });
  settings.invalidate();
  return { invoicing: (await settings.get()).invoicing };
}
