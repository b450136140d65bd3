import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/types';
import { eventOrganizers, events, profiles, tickets } from '../../db/schema';
import { refundAllTicketsOfEvent } from '../admin-events/refund-all';
import { AppError } from '../app-error';
import { mailEventColumns } from '../events/event-columns';
import { publishEventChange, publishSeatChange } from '../events/event-changes';
import { enqueueMails } from '../mail/enqueue-mail';
import type { MailContext } from '../mail/templates/mail-context';
import { minimumAttendanceWarningMail } from '../mail/templates/minimum-attendance-warning';
import { enqueueEventWebhook } from '../webhooks/webhook-data';
import { endWaitlistOfCancelledEvent } from './minimum-attendance-waitlist';

export interface MinimumAttendanceRound {
  /** Admin warnings written (two days before the decision time). */
  warned: number;
  /** Events that reached their decision time and take place. */
  held: number;
  /** Events cancelled for too few participants. */
  cancelled: number;
}

export interface MinimumAttendanceOptions {
  now: Date;
  mail: MailContext;
  /** Sends the recorded refunds to the provider (core/payments/send-refunds.ts), after each ticket's commit. */
  sendRefunds: (refundIds: string[]) => Promise<void>;
}

/** The refunds' reason; cancelTicket writes the holders' 'Abgesagt' mail for it, as for an admin's 'Abgesagt'. */
export const MINIMUM_NOT_REACHED = 'minimum_not_reached';
/**
 * A cancellation whose refunds are still open this long after the decision is taken up again: the deciding
 * runner died after its commit (or a refund failed). Earlier, that runner is most likely still refunding.
 */
const RECOVER_AFTER_MS = 5 * 60_000;

/** The warning goes out two days before the decision time. */
const WARNING_LEAD = sql.raw(`interval '48 hours'`);
/** start_time − min_decision_hours: when the event is decided. */
const decisionAt = sql<Date>`(${events.startTime} - ${events.minDecisionHours} * interval '1 hour')`;

/** Open for a decision: a minimum is set, the event is on sale, nobody decided or confirmed yet. */
const undecided = and(
  isNotNull(events.minParticipants),
  eq(events.status, 'published'),
  isNull(events.minDecidedAt),
  isNull(events.minConfirmedAt),
);

/**
 * One round of the minimum-attendance decisions (docs/product/event-mails.md#minimum-attendance), from the
 * event-mail job every minute. Three idempotent steps, each a conditional UPDATE that only one runner wins,
 * so several instances, a restart or a second round never double a mail or a decision:
 *
 * 1. Warning, from the decision time − 48 h until the decision: min_warning_sent_at is claimed and the mail
 *    to the admins and organizers written in the same transaction.
 * 2. Decision, from the decision time: min_decided_at is claimed. Enough persons on active tickets: the event
 *    is held. Too few: in the same transaction it becomes 'Abgesagt', its waiting list ends (with a mail to
 *    each person) and the change is published.
 * 3. Refunds, after that commit: every active ticket is cancelled with a full refund (refundAllTicketsOfEvent,
 *    one short transaction per ticket, which mails the holder). A cancellation by this rule is recognisable
 *    afterwards (min_decided_at set, min_confirmed_at null, status 'cancelled'; a held event gets
 *    min_confirmed_at too, so an admin's later 'Abgesagt' without refunds is never taken for one), so if the
 *    runner died between the decision and the last refund, a later round finds the remaining active tickets
 *    and refunds them (recoverRefunds); a ticket already refunded is not active any more, so nothing is
 *    refunded twice.
 */
export async function runMinimumAttendance(
  db: Db,
  options: MinimumAttendanceOptions,
): Promise<MinimumAttendanceRound> {
  const { now } = options;
  const round: MinimumAttendanceRound = { warned: 0, held: 0, cancelled: 0 };
  let failure: unknown;

  const due = await db
    .select({ id: events.id, decided: sql<boolean>`${decisionAt} <= ${now.toISOString()}::timestamptz` })
    .from(events)
    .where(and(undecided, sql`${decisionAt} - ${WARNING_LEAD} <= ${now.toISOString()}::timestamptz`));
  for (const event of due) {
    if (!event.decided) {
      if (await warnOnce(db, event.id, options)) round.warned += 1;
      continue;
    }
    const outcome = await decideOnce(db, event.id, options);
    if (outcome === 'held') round.held += 1;
    if (outcome === 'cancelled') {
      round.cancelled += 1;
      // a failed refund does not hold up the other events; recoverRefunds finishes it in a later round
      await refundCancelled(db, event.id, options).catch((error: unknown) => {
        failure ??= error;
      });
    }
  }

  await recoverRefunds(db, options);
  // the job logs it; the decisions and refunds made so far stay
  if (failure !== undefined) throw failure;
  return round;
}

/** Persons of the event's active tickets (a per-pair ticket counts two). */
export async function activePersons(db: DbOrTx, eventId: string): Promise<number> {
  const [row] = await db
    .select({ persons: sql<string>`coalesce(sum(${tickets.seats}), 0)` })
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), eq(tickets.status, 'active')));
  return Number(row?.persons ?? 0);
}

/** Step 1: the warning, written only by the runner whose UPDATE set min_warning_sent_at. */
async function warnOnce(db: Db, eventId: string, { now, mail }: MinimumAttendanceOptions): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .update(events)
      .set({ minWarningSentAt: now })
      .where(and(eq(events.id, eventId), undecided, isNull(events.minWarningSentAt)))
      .returning({
        ...mailEventColumns,
        id: events.id,
        minimum: events.minParticipants,
        decisionAt: sql<string | Date>`${decisionAt}`,
      });
    if (!event || event.minimum === null) return false;
    const content = minimumAttendanceWarningMail({
      context: mail,
      event,
      taken: await activePersons(tx, eventId),
      minimum: event.minimum,
      decisionAt: new Date(event.decisionAt),
    });
    const recipients = await warningRecipients(tx, eventId);
    await enqueueMails(
      tx,
      recipients.map((to) => ({ to, ...content })),
    );
    return true;
  });
}

/** Every admin and the event's organizers, each address once. */
async function warningRecipients(db: DbOrTx, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ email: profiles.email })
    .from(profiles)
    .where(
      or(
        eq(profiles.role, 'admin'),
        inArray(
          profiles.id,
          db
            .select({ id: eventOrganizers.userId })
            .from(eventOrganizers)
            .where(eq(eventOrganizers.eventId, eventId)),
        ),
      ),
    );
  const seen = new Map<string, string>();
  for (const { email } of rows)
    if (email && !seen.has(email.toLowerCase())) seen.set(email.toLowerCase(), email);
  return [...seen.values()];
}

/** Step 2: the decision, made only by the runner whose UPDATE set min_decided_at. */
async function decideOnce(
  db: Db,
  eventId: string,
  { now, mail }: MinimumAttendanceOptions,
): Promise<'held' | 'cancelled' | null> {
  return db.transaction(async (tx) => {
    // the claim also locks the row: bookings and cancellations of the event wait until the decision commits
    const [claimed] = await tx
      .update(events)
      .set({ minDecidedAt: now })
      .where(and(eq(events.id, eventId), undecided, sql`${decisionAt} <= ${now.toISOString()}::timestamptz`))
      .returning({ minimum: events.minParticipants });
    if (!claimed || claimed.minimum === null) return null;
    if ((await activePersons(tx, eventId)) >= claimed.minimum) {
      // held counts as confirmed: only a cancellation by this rule has min_decided_at without min_confirmed_at,
      // so an admin's later 'Abgesagt' of a held event is never mistaken for one (recoverRefunds)
      await tx.update(events).set({ minConfirmedAt: now }).where(eq(events.id, eventId));
      return 'held';
    }

    await tx.update(events).set({ status: 'cancelled' }).where(eq(events.id, eventId));
    await enqueueEventWebhook(tx, 'event.cancelled', eventId, { now }); // docs/product/webhooks.md#event-types
    await endWaitlistOfCancelledEvent(tx, eventId, { now, mail });
    await publishEventChange(tx, eventId);
    await publishSeatChange(tx, eventId);
    return 'cancelled';
  });
}

/** Step 3: every active ticket of a cancelled event refunded in full, its holder mailed. */
async function refundCancelled(db: Db, eventId: string, options: MinimumAttendanceOptions): Promise<void> {
  await refundAllTicketsOfEvent({
    db,
    eventId,
    // the shop's own decision: the refunds have no admin as their creator
    actorId: null,
    reason: MINIMUM_NOT_REACHED,
    mail: options.mail,
    sendRefunds: options.sendRefunds,
    now: options.now,
  });
}

/**
 * Events cancelled by this rule that still have active tickets (not checked in, which cannot be cancelled)
 * some minutes after the decision: their refunds are finished here. A runner that refunds the same event at
 * the same time makes cancelTicket answer 'already cancelled' for a ticket; that event waits for the next round.
 */
async function recoverRefunds(db: Db, options: MinimumAttendanceOptions): Promise<void> {
  const before = new Date(options.now.getTime() - RECOVER_AFTER_MS);
  const open = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.status, 'cancelled'),
        isNotNull(events.minDecidedAt),
        isNull(events.minConfirmedAt),
        lte(events.minDecidedAt, before),
        sql`EXISTS (SELECT 1 FROM ${tickets} WHERE ${tickets.eventId} = ${events.id}
          AND ${tickets.status} = 'active' AND ${tickets.checkedInAt} IS NULL)`,
      ),
    );
  for (const event of open) {
    try {
      await refundCancelled(db, event.id, options);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'conflict')) throw error;
    }
  }
}
