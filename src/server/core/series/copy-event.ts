import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { EventStatus } from '@shared/events';
import type { Tx } from '../../db/types';
import {
  eventLinks,
  eventMedia,
  eventOrganizers,
  eventQuestions,
  events,
  eventTags,
  mailRules,
  ticketCategories,
} from '../../db/schema';
import { TICKET_PREVIEW_MEDIA_TYPE } from '../events/load-public-events';

export interface CopyEventOptions {
  sourceId: string;
  slug: string;
  startTime: Date;
  endTime: Date;
  status: EventStatus;
  seriesId: string | null;
  creatorId: string | null;
}

const shifted = (at: Date | null, by: number) => (at ? new Date(at.getTime() + by) : null);

/**
 * A full copy of an event as a new one (docs/product/event-series.md#copy): every field of the event,
 * its ticket categories, questions, organizers, tags, links, media (the same files: a deleted copy removes
 * only files no other event uses) and its own mail rules; with its own seats, all free, and nothing sold.
 * Instants tied to the date (early bird, the categories' sale windows) move with the start. The decisions
 * of minimum attendance start over. The admin's ticket preview is not copied: it shows the date, so it is
 * rendered anew. Runs inside the caller's transaction; answers the new event's id.
 */
export async function copyEvent(tx: Tx, options: CopyEventOptions): Promise<string> {
  const [source] = await tx.select().from(events).where(eq(events.id, options.sourceId)).limit(1);
  if (!source) throw new Error(`copyEvent: no event ${options.sourceId}`);
  const by = options.startTime.getTime() - source.startTime.getTime();
  const {
    id: _id,
    createdAt: _created,
    updatedAt: _updated,
    minConfirmedAt: _confirmed,
    minWarningSentAt: _warned,
    minDecidedAt: _decided,
    ...fields
  } = source;
  const [row] = await tx
    .insert(events)
    .values({
      ...fields,
      slug: options.slug,
      startTime: options.startTime,
      endTime: options.endTime,
      earlyBirdEndsAt: shifted(source.earlyBirdEndsAt, by),
      availableSeats: source.totalSeats,
      status: options.status,
      seriesId: options.seriesId,
      creatorId: options.creatorId,
    })
    .returning({ id: events.id });
  const id = row!.id;

  // the insert's trigger gave the copy one category 'Ticket'; the source's list replaces it
  // (docs/product/ticket-categories.md#one-category)
  await tx.delete(ticketCategories).where(eq(ticketCategories.eventId, id));
  const categories = await tx
    .select()
    .from(ticketCategories)
    .where(eq(ticketCategories.eventId, source.id))
    .orderBy(asc(ticketCategories.position));
  if (categories.length > 0)
    await tx.insert(ticketCategories).values(
      categories.map(({ id: _c, createdAt: _a, updatedAt: _b, ...category }) => ({
        ...category,
        eventId: id,
        earlyBirdEndsAt: shifted(category.earlyBirdEndsAt, by),
        saleStartsAt: shifted(category.saleStartsAt, by),
        saleEndsAt: shifted(category.saleEndsAt, by),
      })),
    );

  const questions = await tx.select().from(eventQuestions).where(eq(eventQuestions.eventId, source.id));
  if (questions.length > 0)
    await tx.insert(eventQuestions).values(
      questions.map(({ id: _q, createdAt: _a, updatedAt: _b, ...question }) => ({
        ...question,
        eventId: id,
      })),
    );

  const organizers = await tx
    .select({ userId: eventOrganizers.userId })
    .from(eventOrganizers)
    .where(eq(eventOrganizers.eventId, source.id))
    .orderBy(asc(eventOrganizers.createdAt));
  for (const organizer of organizers)
    await tx.insert(eventOrganizers).values({ eventId: id, userId: organizer.userId });

  const tags = await tx
    .select({ tagId: eventTags.tagId })
    .from(eventTags)
    .where(eq(eventTags.eventId, source.id));
  if (tags.length > 0)
    await tx.insert(eventTags).values(tags.map((tag) => ({ eventId: id, tagId: tag.tagId })));

  const links = await tx.select().from(eventLinks).where(eq(eventLinks.eventId, source.id));
  if (links.length > 0)
    await tx
      .insert(eventLinks)
      .values(links.map(({ id: _l, createdAt: _a, ...link }) => ({ ...link, eventId: id })));

  const media = await tx
    .select()
    .from(eventMedia)
    .where(and(eq(eventMedia.eventId, source.id), ne(eventMedia.mediaType, TICKET_PREVIEW_MEDIA_TYPE)));
  if (media.length > 0)
    await tx
      .insert(eventMedia)
      .values(
        media.map(({ id: _m, createdAt: _a, updatedAt: _b, ...medium }) => ({ ...medium, eventId: id })),
      );

  // the event's own mail rules and its overrides of the shop's rules (docs/product/event-mails.md#mail-rules)
  const rules = await tx
    .select()
    .from(mailRules)
    .where(and(eq(mailRules.eventId, source.id), isNotNull(mailRules.eventId)));
  if (rules.length > 0)
    await tx
      .insert(mailRules)
      .values(rules.map(({ id: _r, createdAt: _a, updatedAt: _b, ...rule }) => ({ ...rule, eventId: id })));
  return id;
}
