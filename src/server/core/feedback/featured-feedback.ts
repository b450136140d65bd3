import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FeaturedFeedbackList } from '@shared/feedback';
import type { Db } from '../../db/types';
import { eventOrganizers, events, eventSeries, feedbackAnswers } from '../../db/schema';

/** At most this many comments in the public list (the pages show FEATURED_FEEDBACK_LIMIT per person or series). */
const PUBLIC_LIMIT = 100;

/**
 * GET /api/feedback/featured: the answers an organizer or admin chose to show, with the person's consent,
 * anonymous: stars and 'Was war gut?', the event and its date (docs/product/feedback.md#featured). Each names
 * its event's organizers and series, so 'Wer wir sind' and the series page pick theirs. Events that are hidden,
 * drafts or cancelled are left out.
 */
export async function listFeaturedFeedback(db: Db): Promise<FeaturedFeedbackList> {
  const rows = await db
    .select({
      id: feedbackAnswers.id,
      stars: feedbackAnswers.stars,
      text: feedbackAnswers.good,
      eventId: events.id,
      eventTitle: events.title,
      startTime: events.startTime,
      timezone: events.timezone,
      seriesSlug: eventSeries.slug,
    })
    .from(feedbackAnswers)
    .innerJoin(events, eq(events.id, feedbackAnswers.eventId))
    .leftJoin(eventSeries, eq(eventSeries.id, events.seriesId))
    .where(
      and(
        eq(feedbackAnswers.featured, true),
        eq(feedbackAnswers.publishConsent, true),
        eq(events.hidden, false),
        inArray(events.status, ['published', 'completed']),
      ),
    )
    .orderBy(desc(feedbackAnswers.submittedAt), desc(feedbackAnswers.id))
    .limit(PUBLIC_LIMIT);
  const eventIds = [...new Set(rows.map((row) => row.eventId))];
  const assigned = eventIds.length
    ? await db
        .select({ eventId: eventOrganizers.eventId, userId: eventOrganizers.userId })
        .from(eventOrganizers)
        .where(inArray(eventOrganizers.eventId, eventIds))
    : [];
  return {
    comments: rows.map((row) => ({
      id: row.id,
      stars: row.stars,
      text: row.text,
      eventTitle: row.eventTitle,
      startTime: row.startTime.toISOString(),
      timezone: row.timezone,
      organizerIds: assigned.filter((link) => link.eventId === row.eventId).map((link) => link.userId),
      seriesSlug: row.seriesSlug,
    })),
  };
}
