import { DASHBOARD_WINDOW_DAYS, type AdminDashboard } from '@shared/admin-dashboard';
import { missingOperatorFields } from '@shared/operator-data';
import type { OperatorInfo } from '@shared/settings';
import type { Db } from '../../db/types';
import { countBookings, countEvents, sumRevenue, sumRevenueByMethod } from './dashboard-figures';
import { newestBookings, newestEvents, upcomingEvents } from './dashboard-lists';
import { sumRevenueByCategory, sumRevenueByCode } from './revenue-by-category';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /api/admin/dashboard (docs/product/admin.md#dashboard-figures): nine independent aggregate or list
 * queries, whatever the amount of data. `operator` (from the
 * settings) tells which legal data is still missing (docs/decisions/021).
 */
export async function loadAdminDashboard(options: {
  db: Db;
  operator: OperatorInfo;
  now?: Date;
}): Promise<AdminDashboard> {
  const { db, operator, now = new Date() } = options;
  const since = new Date(now.getTime() - DASHBOARD_WINDOW_DAYS * DAY_MS);
  const [
    eventCounts,
    bookingCounts,
    revenue,
    byMethod,
    byCategory,
    byCode,
    newest,
    latestBookings,
    upcoming,
  ] = await Promise.all([
    countEvents(db, now),
    countBookings(db, since),
    sumRevenue(db, since),
    sumRevenueByMethod(db),
    sumRevenueByCategory(db),
    sumRevenueByCode(db),
    newestEvents(db),
    newestBookings(db),
    upcomingEvents(db, now),
  ]);
  return {
    generatedAt: now.toISOString(),
    windowDays: DASHBOARD_WINDOW_DAYS,
    events: eventCounts,
    ...bookingCounts,
    revenue,
    revenueByMethod: byMethod,
    revenueByCategory: byCategory,
    revenueByCode: byCode,
    newestEvents: newest,
    newestBookings: latestBookings,
    upcomingEvents: upcoming,
    missingOperatorData: missingOperatorFields(operator),
  };
}
