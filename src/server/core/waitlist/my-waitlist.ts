import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKABLE_STATUS, isBookable, seatsPerTicket } from '@shared/event-rules';
import { BOOKING_MESSAGES } from '@shared/booking';
import {
  ACTIVE_WAITLIST_STATUSES,
  WAITLIST_MESSAGES,
  type MyWaitlist,
  type MyWaitlistEntry,
  type WaitlistActionResult,
} from '@shared/waitlist';
import type { SessionUser } from '@shared/session';
import type { DbOrTx, Tx } from '../../db/types';
import { events, waitlistEntries } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../app-error';
import { publishSeatChange } from '../events/event-changes';
import type { MailContext } from '../mail/templates/mail-context';
import { mailContextOf, type UseCaseDeps } from '../use-case-deps';
import { settleWaitlist } from './settle-waitlist';

/** What the list's actions take: their offer mails are sent after the commit. */
export type WaitlistDeps = Pick<UseCaseDeps, 'database' | 'settings' | 'config' | 'outbox'>;

const notFound = () => new AppError('not_found', WAITLIST_MESSAGES.notFound);
const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * 'Auf die Warteliste' (docs/product/waiting-list.md#join): with the event's row locked, a signed-in person with
 * a confirmed address joins a sold-out, bookable event whose list is on, once, for one ticket. If seats happen
 * to be free for them (a pair waits while one seat is free and a single joins), the offer is made at once
 * and its mail sent after the commit.
 */
export async function joinWaitlist(
  deps: WaitlistDeps,
  options: {
    user: Pick<SessionUser, 'id' | 'emailConfirmed'>;
    eventId: string;
    now?: Date;
  },
): Promise<MyWaitlistEntry> {
  const { user, eventId, now = new Date() } = options;
  const { db } = deps.database;
  if (!user.emailConfirmed) throw new AppError('forbidden', WAITLIST_MESSAGES.confirmEmail);
  const mail = await mailContextOf(deps);
  try {
    const entryId = await db.transaction(async (tx) => {
      const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
      if (!event || event.status !== BOOKABLE_STATUS || event.hidden) {
        throw new AppError('not_found', BOOKING_MESSAGES.eventNotFound);
      }
      if (!isBookable({ ...event, startTime: event.startTime.toISOString() }, now)) {
        throw new AppError('conflict', WAITLIST_MESSAGES.started);
      }
      if (!event.waitlistEnabled) throw new AppError('conflict', WAITLIST_MESSAGES.closed);
      const seats = seatsPerTicket(event.priceUnit);
      if (event.availableSeats >= seats && !(await anyoneWaiting(tx, eventId))) {
        throw new AppError('conflict', WAITLIST_MESSAGES.seatsFree);
      }
      const [entry] = await tx
        .insert(waitlistEntries)
        .values({ eventId, profileId: user.id, quantity: 1, seats, createdAt: now, updatedAt: now })
        .returning({ id: waitlistEntries.id });
      const settled = await settleWaitlist(tx, eventId, { now, mail });
      if (settled.offered.length > 0 || settled.ended > 0) await publishSeatChange(tx, eventId);
      return entry!.id;
    });
    deps.outbox.kick();
    const mine = await listMyWaitlist(db, user.id);
    return mine.entries.find((entry) => entry.id === entryId)!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', WAITLIST_MESSAGES.already);
    throw error;
  }
}

async function anyoneWaiting(tx: Tx, eventId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.eventId, eventId), eq(waitlistEntries.status, 'waiting')))
    .limit(1);
  return row !== undefined;
}

/**
 * The signed-in person's active entries with their place among the waiting ones, soonest event first
 * (docs/product/waiting-list.md#join). Offers past their time are shown as gone already, before the job ends them.
 */
export async function listMyWaitlist(db: DbOrTx, userId: string, now = new Date()): Promise<MyWaitlist> {
  const rows = await db
    .select({
      id: waitlistEntries.id,
      eventId: waitlistEntries.eventId,
      status: waitlistEntries.status,
      quantity: waitlistEntries.quantity,
      seats: waitlistEntries.seats,
      joinedAt: waitlistEntries.createdAt,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      eventSlug: events.slug,
      eventTitle: events.title,
      startTime: events.startTime,
      endTime: events.endTime,
      timezone: events.timezone,
      position: sql<number | null>`CASE WHEN ${waitlistEntries.status} = 'waiting' THEN (
        SELECT count(*)::int FROM waitlist_entries w
        WHERE w.event_id = ${waitlistEntries.eventId} AND w.status = 'waiting'
          AND (w.created_at, w.id) <= (${waitlistEntries.createdAt}, ${waitlistEntries.id})) END`,
    })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .where(
      and(
        eq(waitlistEntries.profileId, userId),
        inArray(waitlistEntries.status, [...ACTIVE_WAITLIST_STATUSES]),
        sql`${events.endTime} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(events.startTime), asc(waitlistEntries.createdAt));
  const entries = rows
    .filter((row) => row.status === 'waiting' || (row.offerExpiresAt !== null && row.offerExpiresAt > now))
    .map((row): MyWaitlistEntry => ({
      id: row.id,
      eventId: row.eventId,
      eventSlug: row.eventSlug,
      eventTitle: row.eventTitle,
      startTime: row.startTime.toISOString(),
      endTime: row.endTime.toISOString(),
      timezone: row.timezone,
      status: row.status as MyWaitlistEntry['status'],
      position: row.position === null ? null : Number(row.position),
      quantity: row.quantity,
      seats: row.seats,
      joinedAt: row.joinedAt.toISOString(),
      offerExpiresAt: row.status === 'offered' ? (row.offerExpiresAt?.toISOString() ?? null) : null,
    }));
  return { entries };
}

/**
 * Ends an active entry (docs/product/waiting-list.md#decline): 'Warteliste verlassen' (waiting → left),
 * 'Platz freigeben' (offered → declined) or the admin's 'Entfernen' (→ removed). With the event's row locked
 * first; an offer's seats go back and on to the next entry in the same transaction, whose offer mail is sent
 * after the commit.
 */
export async function endWaitlistEntry(
  deps: WaitlistDeps,
  options: {
    entryId: string;
    /** The person the entry must belong to; null for an admin. */
    ownerId: string | null;
    now?: Date;
  },
): Promise<WaitlistActionResult> {
  const { entryId, ownerId, now = new Date() } = options;
  const { db } = deps.database;
  if (!isUuid(entryId)) throw notFound();
  const [found] = await db
    .select({ eventId: waitlistEntries.eventId, profileId: waitlistEntries.profileId })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, entryId));
  if (!found || (ownerId !== null && found.profileId !== ownerId)) throw notFound();
  const mail = await mailContextOf(deps);
  const result = await db.transaction(async (tx) => {
    const ended = await endEntry(tx, {
      entryId,
      eventId: found.eventId,
      as: ownerId === null ? 'admin' : 'owner',
      now,
      mail,
    });
    if (!ended) throw new AppError('conflict', WAITLIST_MESSAGES.notActive);
    const message =
      ownerId === null
        ? WAITLIST_MESSAGES.removed
        : ended === 'declined'
          ? WAITLIST_MESSAGES.declined
          : WAITLIST_MESSAGES.left;
    return { message };
  });
  deps.outbox.kick(); // the next entry's offer
  return result;
}

/**
 * Ends one active entry inside the caller's transaction, the event's row locked first: left or declined by its
 * owner, removed by an admin. An offer's seats go back and on to the next entry. Answers the new state, or null
 * when the entry was no longer active.
 */
async function endEntry(
  tx: Tx,
  options: { entryId: string; eventId: string; as: 'owner' | 'admin'; now: Date; mail: MailContext },
): Promise<'left' | 'declined' | 'removed' | null> {
  const { entryId, eventId, now, mail } = options;
  await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
  const [entry] = await tx
    .select({ status: waitlistEntries.status, seats: waitlistEntries.seats })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, entryId))
    .for('update');
  if (!entry || (entry.status !== 'waiting' && entry.status !== 'offered')) return null;
  const offered = entry.status === 'offered';
  const status = options.as === 'admin' ? 'removed' : offered ? 'declined' : 'left';
  await tx
    .update(waitlistEntries)
    .set({ status, endedAt: now, updatedAt: now })
    .where(eq(waitlistEntries.id, entryId));
  if (offered) {
    await tx
      .update(events)
      .set({ availableSeats: sql`${events.availableSeats} + ${entry.seats}::int` })
      .where(eq(events.id, eventId));
    await settleWaitlist(tx, eventId, { now, mail });
    await publishSeatChange(tx, eventId);
  }
  return status;
}

/**
 * Before an account is deleted, in the deleting transaction: its active entries end as removed, so an open
 * offer's seats go back (and on to the next entry) instead of vanishing with the row
 * (docs/product/waiting-list.md#seat-invariant-offers).
 */
export async function endEntriesOfAccount(
  tx: Tx,
  userId: string,
  mail: MailContext,
  now = new Date(),
): Promise<void> {
  const active = await tx
    .select({ id: waitlistEntries.id, eventId: waitlistEntries.eventId })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.profileId, userId),
        inArray(waitlistEntries.status, [...ACTIVE_WAITLIST_STATUSES]),
      ),
    )
    .orderBy(asc(waitlistEntries.eventId));
  for (const entry of active) {
    await endEntry(tx, { entryId: entry.id, eventId: entry.eventId, as: 'admin', now, mail });
  }
}
