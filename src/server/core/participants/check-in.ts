import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CHECK_IN_CLOCK_SKEW_MS,
  CHECK_IN_EARLIEST_BEFORE_START_MS,
  CHECK_IN_MESSAGES,
  parseTicketScan,
  type CheckInOutcome,
  type CheckInRequest,
  type Participant,
} from '@shared/participants';
import type { Actor } from '../actor';
import { AppError } from '../app-error';
import type { Db, DbOrTx, Event } from '../../db/types';
import { deviceCheckIns, events, tickets } from '../../db/schema';
import { assertMayRunEvent } from './assert-may-run-event';
import { enqueueTicketCheckedIn } from '../webhooks/webhook-data';
import { participantOf } from './participant-rows';

type Result = 'checked-in' | 'already' | 'cancelled' | 'unknown';

interface FoundTicket {
  id: string;
  eventId: string;
  /**
   * The ticket number the door named (the scanned code's, or the one an offline device knew); null for a
   * tap on a name of the current list. Checked again inside the check-in's UPDATE.
   */
  named: string | null;
}

/**
 * The ticket a scan or a tap names: by id; by the barcode's content (code + first 8 hex characters of the id,
 * any event, so a ticket of another event is recognised); or by the 4-digit code alone within this event.
 * A full barcode matches only when both its code and its id prefix are the ticket's current ones: a
 * transferred ticket keeps its id but gets a new number, so its old barcode answers 'unknown'
 * (docs/product/tickets-and-refunds.md#ticket-transfer).
 */
async function findTicket(db: DbOrTx, eventId: string, request: CheckInRequest): Promise<FoundTicket | null> {
  const selection = { id: tickets.id, eventId: tickets.eventId, ticketNumber: tickets.ticketNumber };
  if (request.ticketId) {
    const [row] = await db.select(selection).from(tickets).where(eq(tickets.id, request.ticketId));
    return row ? { id: row.id, eventId: row.eventId, named: request.ticketNumber ?? null } : null;
  }
  const scan = parseTicketScan(request.scan ?? '');
  if (!scan) return null;
  const byCode = sql`right(${tickets.ticketNumber}, 4) = ${scan.code}`;
  const where = scan.idPrefix
    ? and(byCode, sql`${tickets.id}::text like ${`${scan.idPrefix}-%`}`)
    : and(byCode, eq(tickets.eventId, eventId));
  const [row] = await db
    .select(selection)
    .from(tickets)
    .where(where)
    // should two tickets share the code: this event's first, then one that can still be checked in
    .orderBy(
      sql`(${tickets.eventId} = ${eventId}) desc`,
      sql`(${tickets.status} = 'active' and ${tickets.checkedInAt} is null) desc`,
      asc(tickets.ticketNumber),
    )
    .limit(1);
  return row ? { id: row.id, eventId: row.eventId, named: row.ticketNumber } : null;
}

/**
 * The device's time for an offline check-in (docs/product/organizer-day.md#offline-check-in-time): never more
 * than a minute ahead of ours (and then now), and within the event's days: from two hours before its start
 * to the end of its last day in its own time zone. Anything else is refused with the reason, changing nothing.
 */
async function checkInTime(db: DbOrTx, at: string | undefined, now: Date, event: Event): Promise<Date> {
  if (!at) return now;
  const time = new Date(at);
  if (Number.isNaN(time.getTime())) throw new AppError('validation_failed', CHECK_IN_MESSAGES.at);
  if (time.getTime() > now.getTime() + CHECK_IN_CLOCK_SKEW_MS) {
    throw new AppError('validation_failed', CHECK_IN_MESSAGES.atInFuture);
  }
  const claimed = time.getTime() > now.getTime() ? now : time;
  const earliest = event.startTime.getTime() - CHECK_IN_EARLIEST_BEFORE_START_MS;
  const [lastDay] = await db
    .execute<{ ends_at: string | Date }>(
      sql`SELECT (((${event.endTime.toISOString()}::timestamptz AT TIME ZONE ${event.timezone}::text)::date + 1)::timestamp
        AT TIME ZONE ${event.timezone}::text) AS ends_at`,
    )
    .then((result) => result.rows);
  const latest = new Date(lastDay!.ends_at).getTime();
  if (claimed.getTime() < earliest || claimed.getTime() >= latest) {
    throw new AppError('validation_failed', CHECK_IN_MESSAGES.atOutsideEvent);
  }
  return claimed;
}

async function outcomeOf(db: DbOrTx, result: Result, ticketId: string): Promise<CheckInOutcome> {
  if (result === 'unknown') return { result };
  const participant = (await participantOf(db, ticketId)) as Participant;
  return { result, participant };
}

/**
 * Checks a ticket in at the door (docs/product/organizer-day.md#check-in). The server is the authority
 * (docs/product/organizer-day.md#check-in-authority): the check-in is one conditional UPDATE on
 * `checked_in_at IS NULL AND status = 'active'` and on the ticket number the door named, so of two devices
 * scanning the same ticket one gets 'checked-in' and the other 'already', and a code the ticket no longer has
 * (transferred meanwhile, docs/product/organizer-day.md#check-in-current-number) answers 'unknown'. Offline
 * devices send their own time and an id of their check-in (docs/product/organizer-day.md#offline-check-in):
 * the check-in on record is never moved, and a second send of the same id answers what the first did.
 */
export async function checkIn(
  db: Db,
  actor: Actor,
  eventId: string,
  request: CheckInRequest,
  now = new Date(),
): Promise<CheckInOutcome> {
  const event = await assertMayRunEvent(db, actor, eventId);
  const at = await checkInTime(db, request.at, now, event);
  const ticket = await findTicket(db, eventId, request);
  if (!ticket) return { result: 'unknown' };
  if (ticket.eventId !== eventId) {
    const [other] = await db
      .select({ title: events.title })
      .from(events)
      .where(eq(events.id, ticket.eventId));
    return { result: 'other-event', eventTitle: other?.title ?? '' };
  }

  const deviceId = request.deviceCheckInId;
  const { result, ticketId } = await db.transaction(async (tx) => {
    if (deviceId) {
      // waits for a concurrent send of the same id to commit, then finds its row
      const claimed = await tx
        .insert(deviceCheckIns)
        .values({ eventId, deviceCheckInId: deviceId, ticketId: ticket.id, result: 'already' })
        .onConflictDoNothing()
        .returning({ ticketId: deviceCheckIns.ticketId });
      if (claimed.length === 0) {
        const [earlier] = await tx
          .select({ result: deviceCheckIns.result, ticketId: deviceCheckIns.ticketId })
          .from(deviceCheckIns)
          .where(and(eq(deviceCheckIns.eventId, eventId), eq(deviceCheckIns.deviceCheckInId, deviceId)));
        return { result: earlier!.result as Result, ticketId: earlier!.ticketId };
      }
    }
    // the number is compared here, in the UPDATE, not only when the scan was looked up: a transfer that
    // commits in between gives the ticket a new number, and the old code then checks nothing in
    const updated = await tx
      .update(tickets)
      .set({ checkedInAt: at, checkedInBy: actor.id, isCheckedIn: true })
      .where(
        and(
          eq(tickets.id, ticket.id),
          isNull(tickets.checkedInAt),
          eq(tickets.status, 'active'),
          ticket.named === null ? undefined : eq(tickets.ticketNumber, ticket.named),
        ),
      )
      .returning({ id: tickets.id });
    let result: Result = 'checked-in';
    if (updated.length === 0) {
      const [current] = await tx
        .select({ status: tickets.status, ticketNumber: tickets.ticketNumber })
        .from(tickets)
        .where(eq(tickets.id, ticket.id));
      if (ticket.named !== null && current?.ticketNumber !== ticket.named) result = 'unknown';
      else if (current?.status !== 'active') result = 'cancelled';
      // checked in already: the check-in on record keeps its time and who, whatever time this one claims
      else result = 'already';
    } else await enqueueTicketCheckedIn(tx, ticket.id, at, now); // docs/product/webhooks.md#event-types
    if (deviceId) {
      const receipt = and(eq(deviceCheckIns.eventId, eventId), eq(deviceCheckIns.deviceCheckInId, deviceId));
      // an old number keeps no receipt (the table knows the three answers that name a ticket): sent again,
      // the number is still not the ticket's and the answer is the same 'unknown'
      if (result === 'unknown') await tx.delete(deviceCheckIns).where(receipt);
      else await tx.update(deviceCheckIns).set({ result }).where(receipt);
    }
    return { result, ticketId: ticket.id };
  });
  return outcomeOf(db, result, ticketId);
}

/**
 * Takes a check-in back (docs/product/organizer-day.md#check-in), e.g. a wrong tap at the door: anyone who may
 * run the event. Answers the participant as it is now; a ticket not checked in stays as it is.
 */
export async function undoCheckIn(
  db: Db,
  actor: Actor,
  eventId: string,
  ticketId: string,
): Promise<Participant> {
  await assertMayRunEvent(db, actor, eventId);
  const notFound = new AppError('not_found', CHECK_IN_MESSAGES.ticketNotFound);
  if (!z.uuid().safeParse(ticketId).success) throw notFound;
  const [ticket] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.eventId, eventId)));
  if (!ticket) throw notFound;
  await db
    .update(tickets)
    .set({ checkedInAt: null, checkedInBy: null, isCheckedIn: false })
    .where(eq(tickets.id, ticketId));
  return (await participantOf(db, ticketId))!;
}
