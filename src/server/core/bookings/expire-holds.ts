import { sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { releaseCodeUses } from '../discount-codes/release-code-uses';
import { publishSeatChange } from '../events/event-changes';
import type { MailContext } from '../mail/templates/mail-context';
import { settleWaitlist } from '../waitlist/settle-waitlist';

/**
 * Ends the seat holds of pending bookings whose hold_expires_at has passed
 * (docs/product/booking-and-seats.md#hold-expiry): they become 'expired' and their seats go back to their
 * events, in one statement inside one short transaction, so the seat invariant holds at every commit. A
 * booking confirmed meanwhile is no longer pending and is not touched (the UPDATE re-checks the status under
 * its row lock). The seats given back are offered to the event's waiting list in the same transaction
 * (docs/product/waiting-list.md#offers), whose mails are written with `mail`, and their discount codes' uses
 * go back (docs/product/ticket-categories.md#codes). Returns how many bookings
 * expired. Bookings paid by transfer are left to the bank-transfer job (docs/product/bank-transfer.md#expiry),
 * and a booking whose payment is in processing keeps its seats until the verdict (docs/product/payments.md#processing).
 */
export async function expireHolds(db: Db, now: Date, mail: MailContext): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ event_id: string; ids: string[] }>(sql`
      WITH expired AS (
        UPDATE bookings SET status = 'expired', updated_at = now()
        WHERE status = 'pending' AND hold_expires_at <= ${now.toISOString()}::timestamptz
          AND payment_due_at IS NULL AND payment_status <> 'processing'
        RETURNING id, event_id, seats
      ), per_event AS (
        SELECT event_id, sum(seats)::int AS seats, array_agg(id)::text[] AS ids FROM expired GROUP BY event_id
      ), returned AS (
        UPDATE events SET available_seats = events.available_seats + per_event.seats
        FROM per_event WHERE events.id = per_event.event_id
        RETURNING events.id
      )
      SELECT per_event.event_id, per_event.ids FROM per_event JOIN returned ON returned.id = per_event.event_id`);
    const expiredIds = result.rows.flatMap((row) => row.ids);
    await releaseCodeUses(tx, expiredIds);
    for (const row of result.rows) {
      await settleWaitlist(tx, row.event_id, { now, mail });
      await publishSeatChange(tx, row.event_id);
    }
    return expiredIds.length;
  });
}
