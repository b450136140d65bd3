import { Hono } from 'hono';
import { zonedParts } from '@shared/event-rules';
import { dataExportFileName } from '@shared/privacy';
import { exportPersonalData } from '../../core/privacy/export-personal-data';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';

// 'Meine Daten herunterladen' (docs/product/accounts-and-consent.md#data-export): the caller's own data as a
// JSON file named by today's date in the shop's time zone. Mounted at /api/profile/export.
export const privacyExportRoutes = new Hono<AppEnv>().get('/', allow('user'), async (c) => {
  const user = await userOf(c);
  const { database, settings } = c.get('deps');
  const now = new Date();
  const data = await exportPersonalData({ db: database.db, userId: user.id, now });
  const { year, month, day } = zonedParts(now, (await settings.get()).timezone.name);
  c.header('Content-Type', 'application/json; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${dataExportFileName(`${year}-${month}-${day}`)}"`);
  c.header('Cache-Control', 'private, no-store');
  return c.body(JSON.stringify(data, null, 2));
});
