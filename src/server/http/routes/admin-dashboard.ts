import { Hono } from 'hono';
import { loadAdminDashboard } from '../../core/admin-dashboard/load-admin-dashboard';
import { loadDashboardStats } from '../../core/admin-dashboard/load-dashboard-stats';
import { allow } from '../access';
import type { AppEnv } from '../context';

// The dashboard (/admin): the figures and short lists of the overview
// (docs/product/admin.md#dashboard-figures), and which legal data is still missing
// (docs/product/admin.md#operator-incomplete), and its charts (docs/product/charts.md#dashboard-charts). Admins
// only.
export const adminDashboardRoutes = new Hono<AppEnv>()
  .get('/', allow('admin'), async (c) => {
    c.header('Cache-Control', 'no-store');
    const { database, settings } = c.get('deps');
    const { operator } = await settings.get();
    return c.json(await loadAdminDashboard({ db: database.db, operator }));
  })
  .get('/stats', allow('admin'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await loadDashboardStats({ db: c.get('deps').database.db }));
  });
