import type { LegalSettings } from '@shared/legal-settings';
import type { AppSettings, OperatorInfo } from '@shared/settings';
import type { Db } from '../../db/types';
import { publishEventChange } from '../events/event-changes';
import type { SettingsStore } from './settings-store';
import { mergeSettingRow, putSettingValue } from './setting-rows';

/**
 * Card 'Rechtliches & Betreiber' (docs/decisions/021): the operator's data, the three legal URLs and the
 * support e-mail, in one transaction. The support address is also the brand's contact address (decision
 * 009). Required fields may still be empty; the admin dashboard names them until they are filled.
 */
export async function saveLegalSettings(options: {
  db: Db;
  settings: SettingsStore;
  input: LegalSettings;
}): Promise<AppSettings> {
  const { db, settings, input } = options;
  const { imprintUrl, privacyUrl, termsUrl, supportEmail, ...fields } = input;
  const operator: OperatorInfo = fields;
  await db.transaction(async (tx) => {
    await mergeSettingRow(tx, 'operator', operator);
    await mergeSettingRow(tx, 'legal', { imprintUrl, privacyUrl, termsUrl });
    await mergeSettingRow(tx, 'brand', { contactEmail: supportEmail });
    await putSettingValue(tx, 'supportEmail', supportEmail);
    await publishEventChange(tx, null); // other app instances drop their cached settings
  });
  settings.invalidate();
  return settings.get();
}
