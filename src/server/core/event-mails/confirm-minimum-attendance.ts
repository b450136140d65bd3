import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { MAIL_RULE_MESSAGES } from '@shared/mail-rules';
import type { Db } from '../../db/types';
import { events } from '../../db/schema';
import { assertEventId, eventNotFound } from '../admin-events/admin-event-view';
import { AppError } from '../app-error';

/**
 * 'Findet statt' (docs/product/event-mails.md#minimum-attendance): the admin confirms an event with a minimum
 * attendance before its decision time, so it takes place whatever the count. One conditional UPDATE: it
 * cannot race the decision of the job (which claims min_decided_at only while min_confirmed_at is null).
 * Pressing it twice keeps the first confirmation.
 */
export async function confirmMinimumAttendance(
  db: Db,
  options: { eventId: string; now?: Date },
): Promise<{ message: string }> {
  const { eventId, now = new Date() } = options;
  assertEventId(eventId);
  const [confirmed] = await db
    .update(events)
    .set({ minConfirmedAt: now })
    .where(
      and(
        eq(events.id, eventId),
        isNotNull(events.minParticipants),
        isNull(events.minDecidedAt),
        isNull(events.minConfirmedAt),
      ),
    )
    .returning({ id: events.id });
  if (confirmed) return { message: MAIL_RULE_MESSAGES.minimumConfirmed };

  const [row] = await db
    .select({
      minimum: events.minParticipants,
      decidedAt: events.minDecidedAt,
      confirmedAt: events.minConfirmedAt,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!row) throw eventNotFound();
  if (row.minimum === null) throw new AppError('conflict', MAIL_RULE_MESSAGES.noMinimum);
  if (row.decidedAt !== null) throw new AppError('conflict', MAIL_RULE_MESSAGES.minimumDecided);
  // confirmed already: the same answer, nothing changes
  return { message: MAIL_RULE_MESSAGES.minimumConfirmed };
}
