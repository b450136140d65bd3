import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { PublicOrganizer } from '@shared/events';
import type { Db } from '../../db/types';
import { eventOrganizers, events, profiles } from '../../db/schema';
import { toPublicOrganizer } from './public-organizer';

/**
 * The people of the home page's 'Wer wir sind' (docs/product/admin.md#public-organizers): organizers and
 * admins who run at least one published, not hidden event. Not every organizer account: one without a visible
 * event (a new colleague, an admin who only administers) would be introduced with nothing to book. Ordered by
 * name.
 */
export async function listPublicOrganizers(db: Db): Promise<PublicOrganizer[]> {
  const runsVisibleEvent = db
    .select({ one: sql`1` })
    .from(eventOrganizers)
    .innerJoin(events, eq(events.id, eventOrganizers.eventId))
    .where(
      and(eq(eventOrganizers.userId, profiles.id), eq(events.status, 'published'), eq(events.hidden, false)),
    );
  const rows = await db
    .select({
      id: profiles.id,
      displayName: profiles.displayName,
      fullName: profiles.fullName,
      avatarUrl: profiles.avatarUrl,
      portraitUrl: profiles.portraitUrl,
      bio: profiles.bio,
      website: profiles.website,
    })
    .from(profiles)
    .where(and(inArray(profiles.role, ['organizer', 'admin']), exists(runsVisibleEvent)))
    .orderBy(asc(sql`coalesce(${profiles.displayName}, ${profiles.fullName}, '')`), asc(profiles.id));
  return rows.map(toPublicOrganizer);
}
