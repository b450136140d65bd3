import { DEFAULT_ACCOUNTING_SETTINGS, type AccountingSettings } from '@shared/accounting';
import { ACCOUNTING_SETTINGS_KEY } from '../core/accounting/accounting-settings';
import { appSettings } from '../db/schema';
import type { DbOrTx } from '../db/types';

/**
 * 'Kontenrahmen und Konten' filled for the demo (docs/product/accounting.md#settings): SKR03 with its usual
 * accounts and example Berater- and Mandantennummer, so 'Buchhaltung' exports at once; kept when an operator
 * already saved theirs.
 */
export async function seedAccounting(tx: DbOrTx): Promise<void> {
  const value: AccountingSettings = {
    ...DEFAULT_ACCOUNTING_SETTINGS,
    consultantNumber: '1001',
    clientNumber: '1',
  };
  await tx.insert(appSettings).values({ key: ACCOUNTING_SETTINGS_KEY, value }).onConflictDoNothing();
}
