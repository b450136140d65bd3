import { sql, type SQL } from 'drizzle-orm';
import { emptyDay, type CheckInFigures, type StatsDay, type StatsMark } from '@shared/event-stats';
import type { Db } from '../../db/types';

// The facts behind the charts, per calendar day (definitions in src/shared/event-stats.ts; decision 067): one
// grouped query for bookings, seats and money, one for the mails, one for the door; whatever the amount of data.

type Num = string | number | bigint;

interface FactRow extends Record<string, unknown> {
  day: string;
  kind: 'bookings' | 'booked' | 'cancelled' | 'revenue' | 'test_revenue';
  value: Num;
}

export interface FactScope {
  timeZone: string;
  /** One event's facts; all events' without. */
  eventId?: string;
  /** Only facts from this instant on. */
  since?: Date;
  /** Only money in this currency (the dashboard adds up one currency). */
  currency?: string;
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
const dayText = (column: SQL, timeZone: string) =>
  sql`to_char((${column}) at time zone ${timeZone}, 'YYYY-MM-DD')`;

/**
 * Bookings confirmed, seats booked and cancelled, and revenue (live and test apart) per day with any fact. A
 * ticket cancelled without a recorded time counts as cancelled when it was issued, so the running sum of seats
 * stays the seats sold.
 */
export async function dayFacts(db: Db, scope: FactScope): Promise<Map<string, StatsDay>> {
  const { timeZone, eventId, since, currency } = scope;
  const ofEvent = (column: SQL) => (eventId ? sql`and ${column} = ${eventId}::uuid` : sql``);
  const inCurrency = (column: SQL) => (currency ? sql`and ${column} = ${currency}` : sql``);
  const result = await db.execute<FactRow>(sql`
    select ${dayText(sql`made_at`, timeZone)} as day, kind, sum(value)::bigint as value
    from (
      select t.created_at as made_at, 'booked' as kind, t.seats as value
      from tickets t where true ${ofEvent(sql`t.event_id`)}
      union all
      select coalesce(t.canceled_at, t.created_at), 'cancelled', t.seats
      from tickets t where t.status <> 'active' ${ofEvent(sql`t.event_id`)}
      union all
      select b.confirmed_at, 'bookings', 1
      from bookings b where b.confirmed_at is not null ${ofEvent(sql`b.event_id`)}
      union all
      select p.created_at, case when p.provider = 'test' then 'test_revenue' else 'revenue' end, p.amount_cents
      from payments p join bookings b on b.id = p.booking_id
      where p.status = 'succeeded' ${ofEvent(sql`b.event_id`)} ${inCurrency(sql`p.currency`)}
      union all
      select r.created_at, case when p.provider = 'test' then 'test_revenue' else 'revenue' end, -r.amount_cents
      from refunds r join payments p on p.id = r.payment_id join bookings b on b.id = p.booking_id
      where r.status in ('succeeded', 'pending') ${ofEvent(sql`b.event_id`)} ${inCurrency(sql`r.currency`)}
    ) facts
    where ${since ? sql`made_at >= ${at(since)}` : sql`true`}
    group by 1, kind`);
  const days = new Map<string, StatsDay>();
  for (const row of result.rows) {
    const day = days.get(row.day) ?? emptyDay(row.day);
    const value = Number(row.value);
    if (row.kind === 'bookings') day.bookings += value;
    else if (row.kind === 'booked') day.seatsBooked += value;
    else if (row.kind === 'cancelled') day.seatsCancelled += value;
    else if (row.kind === 'revenue') day.revenueCents += value;
    else day.testRevenueCents += value;
    days.set(row.day, day);
  }
  return days;
}

interface MailRow extends Record<string, unknown> {
  day: string;
  label: string;
  sent: Num;
}

/**
 * The mails to participants per day: each mail rule's sends under the rule's name, each 'Nachricht an alle' under
 * its subject with its recipients (docs/product/event-mails.md); the subject's {event} is the event's title, the
 * placeholders of a person stay as written.
 */
export async function mailMarks(db: Db, scope: Omit<FactScope, 'currency'>): Promise<StatsMark[]> {
  const { timeZone, eventId, since } = scope;
  const ofEvent = (column: SQL) => (eventId ? sql`and ${column} = ${eventId}::uuid` : sql``);
  const after = (column: SQL) => (since ? sql`and ${column} >= ${at(since)}` : sql``);
  const result = await db.execute<MailRow>(sql`
    select day, label, sum(sent)::bigint as sent from (
      select ${dayText(sql`s.sent_at`, timeZone)} as day, r.name as label, 1 as sent
      from mail_rule_sends s join mail_rules r on r.id = s.rule_id
      where true ${ofEvent(sql`s.event_id`)} ${after(sql`s.sent_at`)}
      union all
      select ${dayText(sql`m.created_at`, timeZone)}, 'Nachricht „' || replace(m.subject, '{event}', e.title) || '“',
        m.recipients
      from participant_messages m join events e on e.id = m.event_id
      where true ${ofEvent(sql`m.event_id`)} ${after(sql`m.created_at`)}
    ) mails
    group by day, label
    order by day, label`);
  return result.rows.map((row) => ({
    day: row.day,
    kind: 'mail',
    label: row.label,
    count: Number(row.sent),
  }));
}

interface DoorRow extends Record<string, unknown> {
  event_id: string;
  tickets: number;
  checked_in: number;
  persons: Num;
  persons_checked_in: Num;
  cancelled: number;
}

/** Tickets and persons at the door per event: checked in or not, and the cancelled tickets beside them. */
export async function doorFigures(
  db: Db,
  events: readonly { id: string; endTime: Date }[],
  now: Date,
): Promise<Map<string, CheckInFigures>> {
  const figures = new Map<string, CheckInFigures>(
    events.map((event) => [
      event.id,
      {
        tickets: 0,
        checkedIn: 0,
        notCheckedIn: 0,
        persons: 0,
        personsCheckedIn: 0,
        cancelled: 0,
        ended: event.endTime.getTime() <= now.getTime(),
      },
    ]),
  );
  if (events.length === 0) return figures;
  const ids = sql.join(
    events.map((event) => sql`${event.id}::uuid`),
    sql`, `,
  );
  const result = await db.execute<DoorRow>(sql`
    select event_id,
      (count(*) filter (where status = 'active'))::int as tickets,
      (count(*) filter (where status = 'active' and is_checked_in))::int as checked_in,
      coalesce(sum(seats) filter (where status = 'active'), 0)::bigint as persons,
      coalesce(sum(seats) filter (where status = 'active' and is_checked_in), 0)::bigint as persons_checked_in,
      (count(*) filter (where status <> 'active'))::int as cancelled
    from tickets where event_id in (${ids})
    group by event_id`);
  for (const row of result.rows) {
    const figure = figures.get(row.event_id)!;
    figure.tickets = Number(row.tickets);
    figure.checkedIn = Number(row.checked_in);
    figure.notCheckedIn = figure.tickets - figure.checkedIn;
    figure.persons = Number(row.persons);
    figure.personsCheckedIn = Number(row.persons_checked_in);
    figure.cancelled = Number(row.cancelled);
  }
  return figures;
}
