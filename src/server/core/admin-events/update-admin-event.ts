import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { categoryMirror, categoryStartIssues } from '@shared/admin-categories';
import {
  ADMIN_EVENT_MESSAGES,
  eventRuleIssues,
  type AdminEvent,
  type AdminEventUpdate,
} from '@shared/admin-events';
import { events } from '../../db/schema';
import { AppError } from '../app-error';
import { publishEventChange, publishSeatChange } from '../events/event-changes';
import {
  assertEventId,
  eventNotFound,
  isUniqueViolation,
  loadAdminEvent,
  slugOwner,
} from './admin-event-view';
import { slugTaken } from './create-admin-event';
import { applyOrganizers, assertOrganizerCandidates, assertPolicyExists } from './event-organizers';
import { saveEventCategories } from './save-event-categories';
import { saveEventQuestions } from './save-event-questions';
import { refundAllTicketsOfEvent } from './refund-all';
import { enqueueEventUpdateMails } from '../bookings/booking-mails';
import { enqueueOnlineLinkMails } from '../bookings/online-link-mails';
import { settleWaitlist } from '../waitlist/settle-waitlist';
import { categoriesSnapshot, enqueueEventStatusWebhooks, publicEventChanges } from '../webhooks/webhook-data';
import { mailContextOf, type UseCaseDeps } from '../use-case-deps';

export type UpdateAdminEventDeps = Pick<
  UseCaseDeps,
  'database' | 'settings' | 'config' | 'outbox' | 'payments' | 'metrics'
>;

export interface UpdateAdminEventOptions {
  id: string;
  update: AdminEventUpdate;
  actorId: string;
}

const REFUND_REASON = 'event_cancelled';

/**
 * PATCH /api/admin/events/:id: only the fields sent change; `categories` and `questions` replace the lists by id
 * (save-event-categories.ts). Rules that span
 * fields (end after start, early bird) are checked against the row merged with the change. Seats: changing
 * total_seats moves available_seats by the same difference in the same statement, and is refused when that
 * would go below zero, i.e. below the seats already held or sold (docs/product/events.md#total-seats-floor).
 * With `refundAll` (only together with 'Abgesagt') every active ticket is refunded afterwards. The outbox is
 * woken for the mails once the change (and any refunds) went through.
 */
export async function updateAdminEvent(
  deps: UpdateAdminEventDeps,
  options: UpdateAdminEventOptions,
): Promise<AdminEvent> {
  const { id, update, actorId } = options;
  const { db } = deps.database;
  // for the refund-all and event-update mails
  const mail = await mailContextOf(deps);
  assertEventId(id);
  const { refundAll = false, organizerIds, categories, questions, ...sent } = update;
  // with categories the event's price columns are their mirror, whatever else was sent
  // (docs/product/ticket-categories.md#pricing); without, they change as before (#one-category)
  const fields = categories ? { ...sent, ...categoryMirror(categories) } : sent;
  await assertPolicyExists(db, fields.cancellationPolicyId);
  if (organizerIds) await assertOrganizerCandidates(db, organizerIds);

  let saved: AdminEvent;
  try {
    saved = await db.transaction(async (tx) => {
      // Locked, so that bookings wait and the seat checks below see the final counts: the categories first,
      // in id order, then the event, the order every booking takes them in (docs/product/ticket-categories.md#seats).
      await tx.execute(
        sql`SELECT id FROM ticket_categories WHERE event_id::text = ${id} ORDER BY id FOR UPDATE`,
      );
      const [row] = await tx.select().from(events).where(eq(events.id, id)).for('update');
      if (!row) throw eventNotFound();
      const categoriesBefore = categories ? await categoriesSnapshot(tx, id) : '';
      const merged = {
        startTime: fields.startTime ?? row.startTime.toISOString(),
        endTime: fields.endTime ?? row.endTime.toISOString(),
        priceCents: fields.priceCents ?? row.priceCents,
        earlyBirdPriceCents:
          fields.earlyBirdPriceCents !== undefined ? fields.earlyBirdPriceCents : row.earlyBirdPriceCents,
        earlyBirdEndsAt:
          fields.earlyBirdEndsAt !== undefined
            ? fields.earlyBirdEndsAt
            : (row.earlyBirdEndsAt?.toISOString() ?? null),
      };
      const issues = [
        ...eventRuleIssues(merged),
        ...(categories ? categoryStartIssues(categories, merged.startTime) : []),
      ];
      if (issues.length > 0) throw new AppError('validation_failed', issues[0]!.message, issues);
      if (refundAll && (fields.status ?? row.status) !== 'cancelled') {
        throw new AppError('validation_failed', ADMIN_EVENT_MESSAGES.refundAllNeedsCancelled, [
          { path: 'refundAll', message: ADMIN_EVENT_MESSAGES.refundAllNeedsCancelled },
        ]);
      }
      if (fields.slug !== undefined && fields.slug !== row.slug && (await slugOwner(tx, fields.slug))) {
        throw slugTaken();
      }

      const { startTime, endTime, earlyBirdEndsAt, totalSeats, ...plain } = fields;
      const changes: PgUpdateSetSource<typeof events> = { ...plain };
      if (startTime !== undefined) changes.startTime = new Date(startTime);
      if (endTime !== undefined) changes.endTime = new Date(endTime);
      if (earlyBirdEndsAt !== undefined)
        changes.earlyBirdEndsAt = earlyBirdEndsAt ? new Date(earlyBirdEndsAt) : null;
      const seatsChange = totalSeats !== undefined && totalSeats !== row.totalSeats;
      if (seatsChange) {
        changes.totalSeats = totalSeats;
        // Relative to the stored values in one statement: a booking committed in between is not lost.
        changes.availableSeats = sql`${events.availableSeats} + (${totalSeats}::int - ${events.totalSeats})`;
      }
      if (Object.keys(changes).length > 0) {
        const updated = await tx
          .update(events)
          .set(changes)
          .where(
            and(
              eq(events.id, id),
              seatsChange
                ? sql`${events.availableSeats} + (${totalSeats}::int - ${events.totalSeats}) >= 0`
                : undefined,
            ),
          )
          .returning({ id: events.id });
        if (updated.length === 0) {
          const taken = row.totalSeats - row.availableSeats;
          throw new AppError('conflict', ADMIN_EVENT_MESSAGES.seatsBelowTaken(taken), [
            { path: 'totalSeats', message: ADMIN_EVENT_MESSAGES.seatsBelowTaken(taken) },
          ]);
        }
      }
      if (organizerIds) await applyOrganizers(tx, id, organizerIds);
      if (categories) await saveEventCategories(tx, { eventId: id, categories });
      if (questions) await saveEventQuestions(tx, { eventId: id, questions });
      // Holders hear of a new time or place (docs/product/admin.md#event-change-mail; not of a cancellation:
      // that mail comes with the refund). A new access link goes to them too
      // (docs/product/tickets-and-refunds.md#online-link-changed).
      if ((fields.status ?? row.status) !== 'cancelled') {
        await enqueueEventUpdateMails(tx, id, row, mail);
        await enqueueOnlineLinkMails(tx, id, row, mail);
      }
      // more seats, the list turned on, or the event closed: offers are made or ended at once
      // (docs/product/waiting-list.md#waitlist-per-event)
      await settleWaitlist(tx, id, { now: new Date(), mail });
      // published, cancelled, or a published event's public fields changed (docs/product/webhooks.md#event-types)
      const [after] = await tx.select().from(events).where(eq(events.id, id));
      const changed = publicEventChanges(row, after!);
      if (categories && (await categoriesSnapshot(tx, id)) !== categoriesBefore) changed.push('categories');
      await enqueueEventStatusWebhooks(tx, [{ id, before: row.status, after: after!.status, changed }]);
      await publishEventChange(tx, id);
      await publishSeatChange(tx, id);
      return loadAdminEvent(tx, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }

  if (!refundAll || saved.activeTicketCount === 0) {
    deps.outbox.kick();
    return saved;
  }
  // After the commit: refunds call the payment provider, never while the event row is locked
  // (docs/product/tickets-and-refunds.md#refund-rows-first).
  try {
    await refundAllTicketsOfEvent({
      db,
      eventId: id,
      actorId,
      reason: REFUND_REASON,
      mail,
      sendRefunds: (refundIds) => deps.payments.sendRefunds(refundIds),
      metrics: deps.metrics,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(
      error.code,
      `Das Event wurde gespeichert, die Erstattung ist aber fehlgeschlagen: ${error.message}`,
      { eventSaved: true },
    );
  }
  const refunded = await loadAdminEvent(db, id);
  deps.outbox.kick();
  return refunded;
}
