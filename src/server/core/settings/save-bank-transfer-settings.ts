import type { BankTransferSettings } from '@shared/bank-transfer';
import type { CsvMapping } from '@shared/bank-statements';
import type { Db } from '../../db/types';
import { publishEventChange } from '../events/event-changes';
import { mergeSettingRow } from './setting-rows';
import type { SettingsStore } from './settings-store';

/**
 * Card 'Überweisung (Vorkasse)' (docs/product/bank-transfer.md#settings). The change notice makes every
 * instance read its settings again, so checkout offers (or stops offering) the method everywhere.
 */
export async function saveBankTransferSettings(options: {
  db: Db;
  settings: SettingsStore;
  input: BankTransferSettings;
}): Promise<BankTransferSettings> {
  const { db, settings, input } = options;
  await db.transaction(async (tx) => {
    await mergeSettingRow(tx, 'bankTransfer', { ...input });
    await publishEventChange(tx, null);
  });
  settings.invalidate();
  return (await settings.get()).bankTransfer;
}

/** The column mappings of CSV statements, one per bank (docs/product/bank-transfer.md#csv); a save replaces them. */
export async function saveCsvMappings(options: {
  db: Db;
  settings: SettingsStore;
  input: { mappings: CsvMapping[] };
}): Promise<{ mappings: CsvMapping[] }> {
  const { db, settings, input } = options;
  await db.transaction(async (tx) => {
    await mergeSettingRow(tx, 'bankCsvMappings', { mappings: input.mappings });
  });
  settings.invalidate();
  return (await settings.get()).bankCsvMappings;
}
