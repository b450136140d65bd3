import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { offerCheckoutPath, offerEnd } from '@shared/waitlist';
import { isBookable } from '@shared/event-rules';
import type { Tx } from '../../db/types';
import { events, profiles, waitlistEntries } from '../../db/schema';
import { mailEventColumns } from '../events/event-columns';
import { enqueueMail } from '../mail/enqueue-mail';
import type { MailContext } from '../mail/templates/mail-context';
import { waitlistOfferMail } from '../mail/templates/waitlist-offer';

export interface SettleWaitlistOptions {
  now: Date;
  /** The offer mails are written with it, in the same transaction. */
  mail: MailContext;
  /** Offer only to this waiting entry (the admin's offer by hand), out of order. */
  onlyEntryId?: string;
}

export interface SettledWaitlist {
  /** Offers that ended now (expired, or their event closed); their seats went back first. */
  ended: number;
  /** The entries that got an offer. */
  offered: string[];
}

/** Offers looked at in one round; more free seats than this wait for the next release or job round. */
const MAX_CANDIDATES = 200;

/**
 * Brings an event's waiting list up to date inside the caller's transaction (docs/product/waiting-list.md#offers):
 * first open offers that are due — past their time, or of an event that is no longer bookable
 * (docs/product/waiting-list.md#no-offers-after-start) — end and give their seats back; then the free seats are
 * offered in list order to the waiting entries that fit, each offer taking its seats out of available_seats
 * (docs/product/waiting-list.md#seat-invariant-offers) and writing its mail to the outbox.
 *
 * Call it after every change that frees seats, before publishSeatChange. It locks the event's row first (a
 * no-op when the caller's UPDATE already did), then the entries, so the offers of one event are made one
 * transaction after the other (docs/product/waiting-list.md#waitlist-concurrency).
 */
export async function settleWaitlist(
  tx: Tx,
  eventId: string,
  options: SettleWaitlistOptions,
): Promise<SettledWaitlist> {
  const { now, mail } = options;
  const [event] = await tx
    .select({
      ...mailEventColumns,
      id: events.id,
      status: events.status,
      hidden: events.hidden,
      availableSeats: events.availableSeats,
      waitlistEnabled: events.waitlistEnabled,
      waitlistOfferHours: events.waitlistOfferHours,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .for('update');
  if (!event) return { ended: 0, offered: [] };
  const bookable = isBookable({ ...event, startTime: event.startTime.toISOString() }, now);

  const ended = await tx
    .update(waitlistEntries)
    .set({ status: 'expired', endedAt: now, updatedAt: now })
    .where(
      and(
        eq(waitlistEntries.eventId, eventId),
        eq(waitlistEntries.status, 'offered'),
        bookable ? lte(waitlistEntries.offerExpiresAt, now) : undefined,
      ),
    )
    .returning({ seats: waitlistEntries.seats });
  let free = event.availableSeats + ended.reduce((sum, row) => sum + row.seats, 0);

  const offered: string[] = [];
  const mayOffer = bookable && (event.waitlistEnabled || options.onlyEntryId !== undefined);
  if (mayOffer && free > 0) {
    const candidates = await tx
      .select({
        id: waitlistEntries.id,
        seats: waitlistEntries.seats,
        email: profiles.email,
        fullName: profiles.fullName,
      })
      .from(waitlistEntries)
      .innerJoin(profiles, eq(profiles.id, waitlistEntries.profileId))
      .where(
        and(
          eq(waitlistEntries.eventId, eventId),
          eq(waitlistEntries.status, 'waiting'),
          options.onlyEntryId ? eq(waitlistEntries.id, options.onlyEntryId) : undefined,
        ),
      )
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
      .limit(MAX_CANDIDATES)
      .for('update', { of: waitlistEntries });
    const expiresAt = offerEnd(now, event.startTime, event.waitlistOfferHours);
    for (const entry of candidates) {
      if (free <= 0) break;
      // a pair that does not fit keeps its place; the next single gets the seat
      if (entry.seats > free) continue;
      free -= entry.seats;
      offered.push(entry.id);
      const content = waitlistOfferMail({
        context: mail,
        event,
        name: entry.fullName || entry.email,
        checkoutUrl: `${mail.publicUrl}${offerCheckoutPath(event.id, entry.id)}`,
        offerExpiresAt: expiresAt,
      });
      await enqueueMail(tx, { to: entry.email, ...content });
    }
    if (offered.length > 0) {
      await tx
        .update(waitlistEntries)
        .set({ status: 'offered', offeredAt: now, offerExpiresAt: expiresAt, updatedAt: now })
        .where(inArray(waitlistEntries.id, offered));
    }
  }

  if (free !== event.availableSeats) {
    await tx.update(events).set({ availableSeats: free }).where(eq(events.id, eventId));
  }
  return { ended: ended.length, offered };
}

/** Whether an event has open offers that are due (the job's cheap scan before it locks anything). */
export const offerIsDue = (now: Date) =>
  and(
    eq(waitlistEntries.status, 'offered'),
    or(
      lte(waitlistEntries.offerExpiresAt, now),
      sql`NOT EXISTS (SELECT 1 FROM events e WHERE e.id = ${waitlistEntries.eventId}
        AND e.status = 'published' AND NOT e.hidden AND e.start_time > ${now.toISOString()}::timestamptz)`,
    ),
  );
