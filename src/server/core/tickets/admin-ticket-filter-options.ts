import { asc, desc, sql } from 'drizzle-orm';
import type { AdminTicketFilterOptions } from '@shared/admin-tickets';
import type { DbOrTx } from '../../db/types';
import { events, profiles } from '../../db/schema';

/**
 * What the event and user multi-selects of 'Tickets verwalten' offer — only events and
 * users that have tickets (EXISTS uses the tickets' event and profile indexes). The correlation is written
 * out: drizzle leaves a single-table selection's columns unqualified, so `id` would mean the subquery's.
 */
export async function adminTicketFilterOptions(db: DbOrTx): Promise<AdminTicketFilterOptions> {
  const [eventRows, userRows] = await Promise.all([
    db
      .select({ id: events.id, title: events.title, startTime: events.startTime })
      .from(events)
      .where(sql`exists (select 1 from tickets t where t.event_id = "events"."id")`)
      .orderBy(desc(events.startTime), asc(events.title)),
    db
      .select({ id: profiles.id, email: profiles.email, name: profiles.fullName })
      .from(profiles)
      .where(sql`exists (select 1 from tickets t where t.profile_id = "profiles"."id")`)
      .orderBy(sql`lower(${profiles.email})`),
  ]);
  return {
    events: eventRows.map((row) => ({ ...row, startTime: row.startTime.toISOString() })),
    users: userRows,
  };
}
