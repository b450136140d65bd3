import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  WAITLIST_MESSAGES,
  type AdminWaitlist,
  type AdminWaitlistEntry,
  type WaitlistActionResult,
} from '@shared/waitlist';
import type { Db } from '../../db/types';
import { bookings, events, profiles, waitlistEntries } from '../../db/schema';
import { AppError } from '../app-error';
import { publishSeatChange } from '../events/event-changes';
import { mailContextOf } from '../use-case-deps';
import type { WaitlistDeps } from './my-waitlist';
import { settleWaitlist } from './settle-waitlist';

const ACTIVE_ORDER: Record<string, number> = { offered: 0, waiting: 1 };

/**
 * The admin's view of an event's list (docs/product/waiting-list.md#admin-waitlist): open offers, then the
 * waiting entries in order with their place, then the ended ones, newest first.
 */
export async function loadAdminWaitlist(db: Db, eventId: string): Promise<AdminWaitlist> {
  const notFound = new AppError('not_found', 'Event nicht gefunden');
  if (!z.uuid().safeParse(eventId).success) throw notFound;
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw notFound;
  const rows = await db
    .select({
      id: waitlistEntries.id,
      status: waitlistEntries.status,
      quantity: waitlistEntries.quantity,
      seats: waitlistEntries.seats,
      joinedAt: waitlistEntries.createdAt,
      offeredAt: waitlistEntries.offeredAt,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      endedAt: waitlistEntries.endedAt,
      fullName: profiles.fullName,
      email: profiles.email,
      orderNumber: bookings.orderNumber,
    })
    .from(waitlistEntries)
    .leftJoin(profiles, eq(profiles.id, waitlistEntries.profileId))
    .leftJoin(bookings, eq(bookings.id, waitlistEntries.bookingId))
    .where(eq(waitlistEntries.eventId, eventId))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  let position = 0;
  const entries = rows.map((row): AdminWaitlistEntry & { rank: number; endedAtMs: number } => ({
    id: row.id,
    position: row.status === 'waiting' ? ++position : null,
    name: row.fullName || row.email || '–',
    email: row.email ?? '–',
    quantity: row.quantity,
    seats: row.seats,
    status: row.status,
    joinedAt: row.joinedAt.toISOString(),
    offeredAt: row.offeredAt?.toISOString() ?? null,
    offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null,
    orderNumber: row.orderNumber ?? null,
    rank: ACTIVE_ORDER[row.status] ?? 2,
    endedAtMs: row.endedAt?.getTime() ?? 0,
  }));
  // stable: within offers and waiting entries the list order stays
  entries.sort((a, b) => a.rank - b.rank || (a.rank === 2 ? b.endedAtMs - a.endedAtMs : 0));
  return {
    event: {
      id: event.id,
      slug: event.slug,
      title: event.title,
      startTime: event.startTime.toISOString(),
      timezone: event.timezone,
      totalSeats: event.totalSeats,
      availableSeats: event.availableSeats,
      waitlistEnabled: event.waitlistEnabled,
      offerHours: event.waitlistOfferHours,
    },
    entries: entries.map(({ rank: _rank, endedAtMs: _ended, ...entry }) => entry),
  };
}

/**
 * 'Platz anbieten': the admin offers free seats to one waiting entry out of order
 * (docs/product/waiting-list.md#admin-waitlist), with the same rules and mail as every offer; also while the
 * list is turned off. Refused when no seats are free for it. The offer mail is sent after the commit.
 */
export async function offerByHand(
  deps: WaitlistDeps,
  options: { entryId: string; now?: Date },
): Promise<WaitlistActionResult> {
  const { entryId, now = new Date() } = options;
  const { db } = deps.database;
  const notFound = new AppError('not_found', WAITLIST_MESSAGES.notFound);
  if (!z.uuid().safeParse(entryId).success) throw notFound;
  const [found] = await db
    .select({ eventId: waitlistEntries.eventId, status: waitlistEntries.status })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, entryId));
  if (!found) throw notFound;
  if (found.status !== 'waiting') throw new AppError('conflict', WAITLIST_MESSAGES.notWaiting);
  const mail = await mailContextOf(deps);
  const result = await db.transaction(async (tx) => {
    const settled = await settleWaitlist(tx, found.eventId, { now, mail, onlyEntryId: entryId });
    if (!settled.offered.includes(entryId)) {
      const [entry] = await tx
        .select({ status: waitlistEntries.status })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.status, 'waiting')));
      throw new AppError(
        'conflict',
        entry ? WAITLIST_MESSAGES.noSeatsForOffer : WAITLIST_MESSAGES.notWaiting,
      );
    }
    await publishSeatChange(tx, found.eventId);
    return { message: WAITLIST_MESSAGES.offered };
  });
  deps.outbox.kick();
  return result;
}
