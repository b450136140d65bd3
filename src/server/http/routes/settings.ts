import { Hono } from 'hono';
import { publicSettings } from '../../core/settings/public-settings';
import type { AppEnv } from '../context';

/**
 * Public settings the client needs; secrets and invoice-only operator data never live here
 * (docs/product/admin.md#operator-public).
 */
export const settingsRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const settings = await c.get('deps').settings.get();
  c.header('Cache-Control', 'no-cache');
  return c.json(publicSettings(settings));
});
