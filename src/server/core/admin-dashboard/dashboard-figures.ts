import { sql } from 'drizzle-orm';
import type { AdminDashboard, MethodRevenueFigure, RevenueFigure } from '@shared/admin-dashboard';
import { paymentMethodName } from '@shared/payment-methods';
import { EVENT_STATUSES } from '@shared/admin-events';
import type { Db } from '../../db/types';
import { bookings, events, tickets } from '../../db/schema';

// The dashboard's counts and sums, one aggregate query each (definitions in src/shared/admin-dashboard.ts).
// Instants go in as ISO text cast to timestamptz, so both drivers (pg and PGlite) compare the same value.

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

export async function countEvents(db: Db, now: Date): Promise<AdminDashboard['events']> {
  const rows = await db
    .select({
      status: events.status,
      n: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (
        where ${events.status} = 'published' and not ${events.hidden} and ${events.startTime} > ${at(now)}
      ))::int`,
    })
    .from(events)
    .groupBy(events.status);
  const byStatus = Object.fromEntries(EVENT_STATUSES.map((status) => [status, 0])) as Record<
    (typeof EVENT_STATUSES)[number],
    number
  >;
  let active = 0;
  for (const row of rows) {
    byStatus[row.status] = Number(row.n);
    active += Number(row.active);
  }
  return { active, total: rows.reduce((sum, row) => sum + Number(row.n), 0), byStatus };
}

export async function countBookings(db: Db, since: Date) {
  const [bookingRow] = await db
    .select({
      confirmedTotal: sql<number>`(count(*) filter (where ${bookings.status} = 'confirmed'))::int`,
      confirmedLastDays: sql<number>`(count(*) filter (
        where ${bookings.status} = 'confirmed' and ${bookings.createdAt} >= ${at(since)}
      ))::int`,
      started: sql<number>`(count(*) filter (where ${bookings.createdAt} >= ${at(since)}))::int`,
      converted: sql<number>`(count(*) filter (
        where ${bookings.createdAt} >= ${at(since)} and ${bookings.confirmedAt} is not null
      ))::int`,
    })
    .from(bookings);
  const [ticketRow] = await db
    .select({
      sold: sql<number>`(count(*) filter (where ${tickets.status} = 'active'))::int`,
      soldLastDays: sql<number>`(count(*) filter (
        where ${tickets.status} = 'active' and ${tickets.createdAt} >= ${at(since)}
      ))::int`,
    })
    .from(tickets);
  const started = Number(bookingRow?.started ?? 0);
  const confirmed = Number(bookingRow?.converted ?? 0);
  return {
    bookings: {
      confirmedTotal: Number(bookingRow?.confirmedTotal ?? 0),
      confirmedLastDays: Number(bookingRow?.confirmedLastDays ?? 0),
      ticketsSoldTotal: Number(ticketRow?.sold ?? 0),
      ticketsSoldLastDays: Number(ticketRow?.soldLastDays ?? 0),
    },
    conversion: { confirmed, started, rate: started > 0 ? confirmed / started : null },
  } satisfies Pick<AdminDashboard, 'bookings' | 'conversion'>;
}

interface MoneyRow extends Record<string, unknown> {
  currency: string;
  is_test: boolean;
  // bigint sums: node-postgres answers text, PGlite a number or bigint
  paid_total: string | number | bigint;
  paid_recent: string | number | bigint;
  refunded_total: string | number | bigint;
  refunded_recent: string | number | bigint;
}

/**
 * Payments and refunds in one pass: succeeded payments add, succeeded and pending refunds subtract (a
 * pending refund is already promised back). A refund counts as test money when its payment was one.
 */
export async function sumRevenue(db: Db, since: Date): Promise<AdminDashboard['revenue']> {
  const result = await db.execute<MoneyRow>(sql`
    select currency, is_test,
      coalesce(sum(paid), 0)::bigint as paid_total,
      coalesce(sum(paid) filter (where made_at >= ${at(since)}), 0)::bigint as paid_recent,
      coalesce(sum(refunded), 0)::bigint as refunded_total,
      coalesce(sum(refunded) filter (where made_at >= ${at(since)}), 0)::bigint as refunded_recent
    from (
      select currency, provider = 'test' as is_test, amount_cents as paid, 0 as refunded, created_at as made_at
      from payments where status = 'succeeded'
      union all
      select r.currency, p.provider = 'test', 0, r.amount_cents, r.created_at
      from refunds r join payments p on p.id = r.payment_id
      where r.status in ('succeeded', 'pending')
    ) money
    group by currency, is_test`);
  const revenue: AdminDashboard['revenue'] = {
    live: { total: [], lastDays: [] },
    test: { total: [], lastDays: [] },
  };
  for (const row of result.rows) {
    const periods = row.is_test ? revenue.test : revenue.live;
    periods.total.push(figure(row.currency, row.paid_total, row.refunded_total));
    periods.lastDays.push(figure(row.currency, row.paid_recent, row.refunded_recent));
  }
  for (const periods of [revenue.live, revenue.test]) {
    periods.total.sort(byCurrency);
    periods.lastDays.sort(byCurrency);
  }
  return revenue;
}

interface MethodRow extends Record<string, unknown> {
  currency: string;
  is_test: boolean;
  method: string | null;
  provider: string;
  paid: string | number | bigint;
}

/** What a payment nothing names reads as on the dashboard. */
export const UNNAMED_METHOD = 'Ohne Angabe';

/**
 * Succeeded payments per method and currency (docs/product/payments.md#method-names), test money apart as in
 * sumRevenue. Stored methods and the provider fallbacks that read the same are added up under one name. A
 * returned debit is not money paid (docs/product/payments.md#returned): it is left out.
 */
export async function sumRevenueByMethod(db: Db): Promise<AdminDashboard['revenueByMethod']> {
  const result = await db.execute<MethodRow>(sql`
    select currency, provider = 'test' as is_test, method, provider::text as provider,
      sum(amount_cents)::bigint as paid
    from payments
    where status = 'succeeded' and amount_cents > 0 and returned_at is null
    group by currency, provider, method`);
  const sums = { live: new Map<string, MethodRevenueFigure>(), test: new Map<string, MethodRevenueFigure>() };
  for (const row of result.rows) {
    const method = paymentMethodName(row.method, row.provider) || UNNAMED_METHOD;
    const into = row.is_test ? sums.test : sums.live;
    const key = `${row.currency}\u0000${method}`;
    const sum = into.get(key) ?? { method, currency: row.currency, paidCents: 0 };
    sum.paidCents += Number(row.paid);
    into.set(key, sum);
  }
  const sorted = (figures: Map<string, MethodRevenueFigure>) =>
    [...figures.values()].sort(
      (a, b) => byCurrency(a, b) || b.paidCents - a.paidCents || a.method.localeCompare(b.method, 'de'),
    );
  return { live: sorted(sums.live), test: sorted(sums.test) };
}

function figure(
  currency: string,
  paid: MoneyRow['paid_total'],
  refunded: MoneyRow['paid_total'],
): RevenueFigure {
  const paidCents = Number(paid);
  const refundedCents = Number(refunded);
  return { currency, paidCents, refundedCents, netCents: paidCents - refundedCents };
}

/** EUR (the shop's currency) first, then the others alphabetically. */
const byCurrency = (a: Pick<RevenueFigure, 'currency'>, b: Pick<RevenueFigure, 'currency'>) =>
  a.currency === b.currency
    ? 0
    : a.currency === 'EUR'
      ? -1
      : b.currency === 'EUR'
        ? 1
        : a.currency.localeCompare(b.currency);
