import { and, asc, count, eq, sql } from 'drizzle-orm';
import { ADMIN_EVENT_MESSAGES, type AdminEvent } from '@shared/admin-events';
import type { DbOrTx, Event } from '../../db/types';
import { eventOrganizers, events, tickets, waitlistEntries } from '../../db/schema';
import { AppError } from '../app-error';
import { eventSummaryFields } from '../events/event-summary-fields';
import { loadAdminCategories } from './admin-event-categories';
import { seatFiguresOfEvent } from './seat-figures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 'Event nicht gefunden.', also for ids that are not even UUIDs (no database error). */
export const eventNotFound = () => new AppError('not_found', ADMIN_EVENT_MESSAGES.notFound);

export function assertEventId(id: string): string {
  if (!UUID.test(id)) throw eventNotFound();
  return id;
}

/** Tickets that are neither cancelled nor revoked: what an admin's 'Abgesagt' would have to refund. */
export async function activeTicketCount(db: DbOrTx, eventId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), eq(tickets.status, 'active')));
  return Number(row?.n ?? 0);
}

/** Waiting and offered entries of the event's waiting list (docs/product/waiting-list.md#admin-waitlist). */
export async function activeWaitlistCount(db: DbOrTx, eventId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(
      and(eq(waitlistEntries.eventId, eventId), sql`${waitlistEntries.status} IN ('waiting', 'offered')`),
    );
  return Number(row?.n ?? 0);
}

/**
 * The edit form's view of one event: every column plus organizers, ticket and waiting-list counts, its
 * seat figures (docs/product/admin.md#seat-figures) and its categories and questions.
 */
export async function loadAdminEvent(db: DbOrTx, id: string): Promise<AdminEvent> {
  assertEventId(id);
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  if (!row) throw eventNotFound();
  const organizers = await db
    .select({ userId: eventOrganizers.userId })
    .from(eventOrganizers)
    .where(eq(eventOrganizers.eventId, id))
    .orderBy(asc(eventOrganizers.createdAt), asc(eventOrganizers.userId));
  return {
    ...toAdminEvent(
      row,
      organizers.map((entry) => entry.userId),
      await activeTicketCount(db, id),
      await activeWaitlistCount(db, id),
    ),
    seats: await seatFiguresOfEvent(db, row),
    ...(await loadAdminCategories(db, id)),
  };
}

/** Field by field, so a column added later is not sent to the client by accident. */
export function toAdminEvent(
  row: Event,
  organizerIds: string[],
  activeTickets: number,
  waitlistCount = 0,
): Omit<AdminEvent, 'seats'> {
  return {
    ...eventSummaryFields(row),
    venue: row.venue,
    room: row.room,
    mode: row.mode,
    onlineUrl: row.onlineUrl,
    totalSeats: row.totalSeats,
    availableSeats: row.availableSeats,
    takenSeats: row.totalSeats - row.availableSeats,
    priceCents: row.priceCents,
    currency: row.currency,
    priceUnit: row.priceUnit,
    earlyBirdPriceCents: row.earlyBirdPriceCents,
    earlyBirdEndsAt: row.earlyBirdEndsAt?.toISOString() ?? null,
    isFeatured: row.isFeatured,
    isPrivate: row.isPrivate,
    hidden: row.hidden,
    status: row.status,
    cancellationPolicyId: row.cancellationPolicyId,
    transferCutoffHours: row.transferCutoffHours,
    waitlistEnabled: row.waitlistEnabled,
    waitlistOfferHours: row.waitlistOfferHours,
    waitlistCount,
    minParticipants: row.minParticipants,
    minDecisionHours: row.minDecisionHours,
    minConfirmedAt: row.minConfirmedAt?.toISOString() ?? null,
    minDecidedAt: row.minDecidedAt?.toISOString() ?? null,
    taxMode: row.taxMode,
    organizerIds,
    imageUrl: row.imageUrl,
    activeTicketCount: activeTickets,
    seriesId: row.seriesId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The id of the event that uses `slug`, if any (the CHECK keeps slugs lowercase, so equality suffices). */
export async function slugOwner(db: DbOrTx, slug: string): Promise<string | null> {
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.slug, slug)).limit(1);
  return row?.id ?? null;
}

/** Slugs starting with `base` (for `base-2`, `base-3`, …); LIKE's wildcards cannot occur in a valid slug. */
export async function slugsLike(db: DbOrTx, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: events.slug })
    .from(events)
    .where(sql`${events.slug} = ${base} OR ${events.slug} LIKE ${`${base}-%`}`);
  return new Set(rows.map((row) => row.slug));
}

// Create and update catch with it a slug taken between the check and the write.
export { isUniqueViolation } from '../../db/unique-violation';
