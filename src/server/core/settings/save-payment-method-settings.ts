import type { PaymentMethodSettings } from '@shared/payment-methods';
import type { Db } from '../../db/types';
import { publishEventChange } from '../events/event-changes';
import { mergeSettingRow } from './setting-rows';
import type { SettingsStore } from './settings-store';

/**
 * Card 'Zahlungsarten' (docs/product/payments.md#methods, docs/decisions/056-payment-methods-and-the-checkout.md):
 * the online methods switched on, the order of all and the SEPA lead time. The change notice makes every instance
 * read its settings again, so the next payment started anywhere offers the new list.
 */
export async function savePaymentMethodSettings(options: {
  db: Db;
  settings: SettingsStore;
  input: PaymentMethodSettings;
}): Promise<PaymentMethodSettings> {
  const { db, settings, input } = options;
  await db.transaction(async (tx) => {
    await mergeSettingRow(tx, 'paymentMethods', { ...input });
    await publishEventChange(tx, null);
  });
  settings.invalidate();
  return (await settings.get()).paymentMethods;
}
