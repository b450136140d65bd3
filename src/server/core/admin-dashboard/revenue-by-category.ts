import { sql } from 'drizzle-orm';
import {
  DASHBOARD_REVENUE_ROWS,
  type AdminDashboard,
  type CategoryRevenueFigure,
  type CodeRevenueFigure,
} from '@shared/admin-dashboard';
import type { Db } from '../../db/types';

// 'Umsatz nach Ticketart' and 'Umsatz nach Gutscheincode' on the dashboard
// (docs/product/ticket-categories.md#invoice-lines, #codes): one aggregate query each. A booking counts as paid
// while it has a succeeded payment that was not returned; it is test money when that payment was the test
// provider's, kept apart as in sumRevenue.

type Cents = string | number | bigint;

interface CategoryRow extends Record<string, unknown> {
  event_id: string;
  event_title: string;
  category_name: string;
  currency: string;
  is_test: boolean;
  sold: number;
  paid_cents: Cents;
  refunded_cents: Cents;
}

/**
 * Per category: the prices paid for its tickets (tickets.price_cents: after the code's discount) minus the
 * refunds recorded for them. A refund the admin made of a booking's amount names no ticket and so no
 * category: it is in the revenue card and the code table, not here.
 */
export async function sumRevenueByCategory(db: Db): Promise<AdminDashboard['revenueByCategory']> {
  const result = await db.execute<CategoryRow>(sql`
    with paid as (
      select booking_id, bool_or(provider = 'test') as is_test
      from payments where status = 'succeeded' and returned_at is null
      group by booking_id
    ), refunded as (
      select ticket_id, sum(amount_cents) as cents
      from refunds where status in ('succeeded', 'pending') and ticket_id is not null
      group by ticket_id
    ), figures as (
      select t.event_id, e.title as event_title, coalesce(t.category_name, 'Ticket') as category_name,
        b.currency, paid.is_test,
        (count(*) filter (where t.status = 'active'))::int as sold,
        sum(t.price_cents)::bigint as paid_cents,
        coalesce(sum(refunded.cents), 0)::bigint as refunded_cents
      from tickets t
      join paid on paid.booking_id = t.booking_id
      join bookings b on b.id = t.booking_id
      join events e on e.id = t.event_id
      left join refunded on refunded.ticket_id = t.id
      group by t.event_id, e.title, t.category_id, coalesce(t.category_name, 'Ticket'), b.currency, paid.is_test
    )
    select * from (
      select figures.*, row_number() over (
        partition by is_test order by paid_cents - refunded_cents desc, event_title, category_name
      ) as rank
      from figures
    ) ranked
    where rank <= ${DASHBOARD_REVENUE_ROWS}
    order by rank`);
  const figures: AdminDashboard['revenueByCategory'] = { live: [], test: [] };
  for (const row of result.rows) {
    const paidCents = Number(row.paid_cents);
    const refundedCents = Number(row.refunded_cents);
    const figure: CategoryRevenueFigure = {
      eventId: row.event_id,
      eventTitle: row.event_title,
      categoryName: row.category_name,
      currency: row.currency,
      ticketsSold: Number(row.sold),
      paidCents,
      refundedCents,
      netCents: paidCents - refundedCents,
    };
    (row.is_test ? figures.test : figures.live).push(figure);
  }
  return figures;
}

interface CodeRow extends Record<string, unknown> {
  code: string;
  currency: string;
  is_test: boolean;
  uses: number;
  discount_cents: Cents;
  paid_cents: Cents;
  refunded_cents: Cents;
}

/**
 * Per code as typed at booking (kept when the code is deleted): the bookings that reached confirmation with
 * it, the discount they got, what they paid and what went back. A booking the code made free has no payment:
 * it counts as a use, with nothing paid.
 */
export async function sumRevenueByCode(db: Db): Promise<AdminDashboard['revenueByCode']> {
  const result = await db.execute<CodeRow>(sql`
    with paid as (
      select booking_id, bool_or(provider = 'test') as is_test, sum(amount_cents) as cents
      from payments where status = 'succeeded' and returned_at is null
      group by booking_id
    ), refunded as (
      select booking_id, sum(amount_cents) as cents
      from refunds where status in ('succeeded', 'pending')
      group by booking_id
    ), figures as (
      select b.discount_code as code, b.currency, coalesce(paid.is_test, false) as is_test,
        count(*)::int as uses,
        sum(b.discount_cents)::bigint as discount_cents,
        coalesce(sum(paid.cents), 0)::bigint as paid_cents,
        coalesce(sum(refunded.cents), 0)::bigint as refunded_cents
      from bookings b
      left join paid on paid.booking_id = b.id
      left join refunded on refunded.booking_id = b.id
      where b.discount_code is not null and b.confirmed_at is not null
      group by b.discount_code, b.currency, coalesce(paid.is_test, false)
    )
    select * from (
      select figures.*, row_number() over (partition by is_test order by uses desc, code) as rank
      from figures
    ) ranked
    where rank <= ${DASHBOARD_REVENUE_ROWS}
    order by rank`);
  const figures: AdminDashboard['revenueByCode'] = { live: [], test: [] };
  for (const row of result.rows) {
    const paidCents = Number(row.paid_cents);
    const refundedCents = Number(row.refunded_cents);
    const figure: CodeRevenueFigure = {
      code: row.code,
      currency: row.currency,
      uses: Number(row.uses),
      discountCents: Number(row.discount_cents),
      paidCents,
      refundedCents,
      netCents: paidCents - refundedCents,
    };
    (row.is_test ? figures.test : figures.live).push(figure);
  }
  return figures;
}
