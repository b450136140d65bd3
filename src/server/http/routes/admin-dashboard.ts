import { Hono } from 'hono';
import { loadAdminDashboard } from '../../core/admin-dashboard/load-admin-dashboard';
import { allow } from '../access';
import type { AppEnv } from '../app';

// spec admin §2 'Dashboard' (/admin): the figures and short lists of the overview, and which legal data is
// still missing (docs/decisions/021). Admins only (DESIGN §4).
export const adminDashboardRoutes = new Hono<AppEnv>().get('/', allow('admin'), async (c) => {
  c.header('Cache-Control', 'no-store');
  const { database, settings } = c.get('deps');
  const { operator } = await settings.get();
  return c.json(await loadAdminDashboard({ db: database.db, operator }));
});
