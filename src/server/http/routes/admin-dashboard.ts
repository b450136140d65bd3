import { Hono } from 'hono';
import { loadAdminDashboard } from '../../core/admin-dashboard/load-admin-dashboard';
import { allow } from '../access';
import type { AppEnv } from '../app';

// spec admin §2 'Dashboard' (/admin): the figures and short lists of the overview. Admins only (DESIGN §4).
export const adminDashboardRoutes = new Hono<AppEnv>().get('/', allow('admin'), async (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json(await loadAdminDashboard({ db: c.get('deps').database.db }));
});
