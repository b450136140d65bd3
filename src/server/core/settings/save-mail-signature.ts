import type { MailSignatureInput } from '@shared/admin-settings';
import type { AppSettings } from '@shared/settings';
import type { Db } from '../../db/types';
import { publishEventChange } from '../events/event-changes';
import type { SettingsStore } from './settings-store';
import { mergeSettingRow } from './setting-rows';

/**
 * Card 'Automatische E-Mails': the sender's signature under rule mails and messages
 * (docs/product/event-mails.md#signature). The mail job of every instance reads it from the settings, so
 * the other instances drop their cached settings too.
 */
export async function saveMailSignature(options: {
  db: Db;
  settings: SettingsStore;
  input: { text: MailSignatureInput['text'] };
}): Promise<AppSettings> {
  const { db, settings, input } = options;
  await db.transaction(async (tx) => {
    await mergeSettingRow(tx, 'mailSignature', { text: input.text });
    await publishEventChange(tx, null); // other app instances drop their cached settings
  });
  settings.invalidate();
  return settings.get();
}
