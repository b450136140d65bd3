import type { WidgetSettings } from '@shared/widget-settings';
import type { Db } from '../../db/types';
import { publishEventChange } from '../events/event-changes';
import { mergeSettingRow } from './setting-rows';
import type { SettingsStore } from './settings-store';

/**
 * Card 'Auf deiner Website einbinden': the sites allowed to embed the booking widget
 * (docs/product/widget.md#allowed-sites). The change notice makes every instance read its settings again, so
 * the widget page's `frame-ancestors` and the loader's check follow at once everywhere.
 */
export async function saveWidgetSettings(options: {
  db: Db;
  settings: SettingsStore;
  input: WidgetSettings;
}): Promise<WidgetSettings> {
  const { db, settings, input } = options;
  await db.transaction(async (tx) => {
    await mergeSettingRow(tx, 'widget', { allowedOrigins: input.allowedOrigins });
    await publishEventChange(tx, null);
  });
  settings.invalidate();
  return (await settings.get()).widget;
}
