import type { WidgetSettings } from '@shared/widget-settings';
import type { DbOrTx } from '../db/types';
import { appSettings } from '../db/schema';

/**
 * The demo's allowed sites for the booking widget (docs/product/widget.md#demo-widget): the organizer's own
 * website (made up) and a page served on this machine's port 8080, e.g. `npx http-server` in a folder with the
 * snippet, or the host page of `bench/widget-lighthouse.mjs`.
 */
export const DEMO_WIDGET_SETTINGS: WidgetSettings = {
  allowedOrigins: ['https://wachstumsraum.example', 'http://localhost:8080'],
};

export async function seedWidget(tx: DbOrTx): Promise<void> {
  await tx
    .insert(appSettings)
    .values({ key: 'widget', value: { ...DEMO_WIDGET_SETTINGS } })
    .onConflictDoNothing();
}
