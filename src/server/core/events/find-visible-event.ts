import { and, eq, or, type SQL } from 'drizzle-orm';
import type { Role } from '@shared/session';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * spec visitor §4 'Ticket lists': visitors see published, not hidden events; admins also drafts.
 * Found by slug, or by id as the spec's fallback.
 */
export async function findVisibleEvent(db: Db, slugOrId: string, role: Role | null) {
  const key: SQL = UUID.test(slugOrId)
    ? or(eq(events.slug, slugOrId), eq(events.id, slugOrId))!
    : eq(events.slug, slugOrId);
  const visible =
    role === 'admin' ? undefined : and(eq(events.status, 'published'), eq(events.hidden, false));
  const rows = await db.select().from(events).where(and(key, visible)).limit(1);
  return rows[0] ?? null;
}
