import { and, asc, eq, ne, or, type SQL } from 'drizzle-orm';
import type { PublicEvent } from '@shared/events';
import type { Db } from '../../db/types';
import { eventLinks, eventMedia, eventOrganizers, events } from '../../db/schema';
import { eventSummaryFields } from './event-summary-fields';
import { toPublicOrganizer } from './public-organizer';
import { loadQuestions, publicCategoriesOf, toEventQuestion } from '../ticket-categories/category-seats';

/**
 * Who is looking: visitors see published, not hidden events; admins also drafts
 * (docs/product/events.md#admins-see-more).
 */
export type Audience = 'visitor' | 'admin';

/** The media type of the admin's sample ticket of an event (tickets/event-ticket-preview.ts): never shown to visitors. */
export const TICKET_PREVIEW_MEDIA_TYPE = 'ticket-preview';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The events of the public API with media, links, tags and organizers, ordered by start, hidden ones left
 * out (docs/product/events.md#visible-to-visitors). Past events are included: the timetable shows the last
 * three before the next one (docs/product/events.md#timetable).
 * One round trip: Drizzle's relational query aggregates the related rows in the same statement.
 */
export async function loadPublicEvents(
  db: Db,
  options: { audience: Audience; slugOrId?: string },
): Promise<PublicEvent[]> {
  const conditions: (SQL | undefined)[] = [];
  if (options.audience === 'visitor') {
    conditions.push(eq(events.status, 'published'), eq(events.hidden, false));
  }
  if (options.slugOrId !== undefined) {
    const key = options.slugOrId;
    conditions.push(UUID.test(key) ? or(eq(events.slug, key), eq(events.id, key)) : eq(events.slug, key));
  } else if (options.audience === 'admin') {
    // Lists leave hidden events out for everyone; an admin still opens one by its slug (find-visible-event.ts).
    conditions.push(eq(events.hidden, false));
  }
  const rows = await queryEvents(db, and(...conditions));
  const ids = rows.map((row) => row.id);
  const [categories, questions] = await Promise.all([publicCategoriesOf(db, rows), loadQuestions(db, ids)]);
  return rows.map((row) => ({
    ...toPublicEvent(row),
    categories: categories.get(row.id) ?? [],
    questions: questions.filter((question) => question.eventId === row.id).map(toEventQuestion),
  }));
}

// never e-mail, phone or role: only what toPublicOrganizer passes on is read
const ORGANIZER_COLUMNS = {
  id: true,
  displayName: true,
  fullName: true,
  avatarUrl: true,
  portraitUrl: true,
  bio: true,
  website: true,
} as const;

function queryEvents(db: Db, where: SQL | undefined) {
  return db.query.events.findMany({
    where,
    orderBy: [asc(events.startTime), asc(events.id)],
    with: {
      // the admin's ticket preview image is not shown to visitors
      media: {
        where: ne(eventMedia.mediaType, TICKET_PREVIEW_MEDIA_TYPE),
        orderBy: [asc(eventMedia.displayOrder), asc(eventMedia.createdAt)],
      },
      links: { orderBy: [asc(eventLinks.displayOrder), asc(eventLinks.createdAt)] },
      tags: { with: { tag: { columns: { name: true } } } },
      organizers: {
        orderBy: [asc(eventOrganizers.createdAt)],
        with: { profile: { columns: ORGANIZER_COLUMNS } },
      },
      series: { columns: { slug: true, title: true } },
    },
  });
}

type EventRow = Awaited<ReturnType<typeof queryEvents>>[number];

/**
 * Field by field on purpose: a column added to `events` later stays private until it is named here
 * (online_url goes to buyers only; creator, policy, is_private and hidden are internal).
 */
function toPublicEvent(row: EventRow): PublicEvent {
  return {
    ...eventSummaryFields(row),
    locationDetails: row.locationDetails,
    room: row.room,
    venue: row.venue,
    mode: row.mode,
    priceCents: row.priceCents,
    earlyBirdPriceCents: row.earlyBirdPriceCents,
    earlyBirdEndsAt: row.earlyBirdEndsAt?.toISOString() ?? null,
    currency: row.currency,
    priceUnit: row.priceUnit,
    totalSeats: row.totalSeats,
    availableSeats: row.availableSeats,
    isFeatured: row.isFeatured,
    waitlistEnabled: row.waitlistEnabled,
    minParticipants: row.minParticipants,
    status: row.status,
    website: row.website,
    imageUrl: row.imageUrl,
    media: row.media.map((medium) => ({
      id: medium.id,
      mediaType: medium.mediaType,
      url: medium.url,
      title: medium.title,
      isFeatured: medium.isFeatured,
      displayOrder: medium.displayOrder,
    })),
    links: row.links.map((link) => ({ title: link.title, url: link.url })),
    tags: row.tags.map((entry) => entry.tag.name).sort((a, b) => a.localeCompare(b, 'de')),
    // a linked user without a profile row (the link references user, not profiles) is left out
    organizers: row.organizers.flatMap((entry) => (entry.profile ? [toPublicOrganizer(entry.profile)] : [])),
    // docs/product/event-series.md#series-page
    series: row.series ? { slug: row.series.slug, title: row.series.title } : null,
  };
}
