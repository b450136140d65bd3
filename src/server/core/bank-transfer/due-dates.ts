import { and, eq, gte, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { REMINDER_DAYS_BEFORE_DUE, type BankTransferSettings } from '@shared/bank-transfer';
import type { Db, Tx } from '../../db/types';
import { bookings } from '../../db/schema';
import { releaseCodeUses } from '../discount-codes/release-code-uses';
import { publishSeatChange } from '../events/event-changes';
import type { MailContext } from '../mail/templates/mail-context';
import { settleTransfer } from '../payments/record-payment-verdict';
import type { PaymentDeps } from '../payments/send-refunds';
import { loadSettings } from '../settings/settings-store';
import { mailContextOf } from '../use-case-deps';
import { settleWaitlist } from '../waitlist/settle-waitlist';
import { creditedCents, enqueueBankTransferMail } from './transfer-booking';

const DAY_MS = 86_400_000;

/** No money at all has come in for the booking. */
const noCredit = () => sql`NOT EXISTS (SELECT 1 FROM bank_credits c WHERE c.booking_id = ${bookings.id})`;

/**
 * Hands each pending transfer booking that meets `conditions` (at most 200 a run) to `handle`, in a
 * transaction of its own, and counts the ones it acted on (1). `handle` claims the booking by a conditional
 * UPDATE first, so two instances never act on one booking twice.
 */
async function eachPendingTransfer(
  db: Db,
  conditions: SQL[],
  handle: (tx: Tx, bookingId: string, account: BankTransferSettings) => Promise<number>,
): Promise<number> {
  const due = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, 'pending'), isNotNull(bookings.paymentDueAt), ...conditions))
    .limit(200);
  if (due.length === 0) return 0;
  const account = (await loadSettings(db)).bankTransfer; // once a round, not per mail
  let count = 0;
  for (const { id } of due) count += await db.transaction((tx) => handle(tx, id, account));
  return count;
}

/**
 * Reminders 3 days before the due date, once, while money is missing (docs/product/bank-transfer.md#reminder).
 */
export async function sendTransferReminders(db: Db, now: Date, mail: MailContext): Promise<number> {
  const remindFrom = new Date(now.getTime() + REMINDER_DAYS_BEFORE_DUE * DAY_MS);
  const dueSoon = [
    isNull(bookings.paymentRemindedAt),
    lte(bookings.paymentDueAt, remindFrom),
    gte(bookings.paymentDueAt, now),
  ];
  return eachPendingTransfer(db, dueSoon, async (tx, id, settings) => {
    const [claimed] = await tx
      .update(bookings)
      .set({ paymentRemindedAt: now })
      .where(and(eq(bookings.id, id), isNull(bookings.paymentRemindedAt), eq(bookings.status, 'pending')))
      .returning({ id: bookings.id, total: bookings.totalAmountCents });
    if (!claimed) return 0;
    const paid = (await creditedCents(tx, [id])).get(id) ?? 0;
    if (paid >= claimed.total) return 0; // paid in full: the settlement is on its way
    await enqueueBankTransferMail(tx, { bookingId: id, kind: 'reminder', mail, settings });
    return 1;
  });
}

/**
 * At the due date plus grace (the booking's hold end), a transfer booking without any money is cancelled: the
 * seats go back, to the waiting list first, its code's use too, and the buyer is told (docs/product/bank-transfer.md#expiry). A
 * partly paid one waits for the admin. The hold-expiry job leaves transfer bookings to this one.
 */
export async function cancelUnpaidTransfers(db: Db, now: Date, mail: MailContext): Promise<number> {
  return eachPendingTransfer(db, [lte(bookings.holdExpiresAt, now), noCredit()], async (tx, id, settings) => {
    const [gone] = await tx
      .update(bookings)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(bookings.id, id), eq(bookings.status, 'pending'), noCredit()))
      .returning({ eventId: bookings.eventId, seats: bookings.seats });
    if (!gone) return 0;
    await tx.execute(
      sql`UPDATE events SET available_seats = available_seats + ${gone.seats}::int WHERE id = ${gone.eventId}`,
    );
    await releaseCodeUses(tx, [id]); // docs/product/ticket-categories.md#codes
    // the transfer payment stays open: money that still comes takes the seats again if they are free
    await enqueueBankTransferMail(tx, { bookingId: id, kind: 'cancelled', mail, settings });
    await settleWaitlist(tx, gone.eventId, { now, mail });
    await publishSeatChange(tx, gone.eventId);
    return 1;
  });
}

/**
 * Transfer bookings whose credits already cover the total but that are not confirmed: the process stopped
 * between the credit's commit and the settlement. Their payments are settled again (settlePayment does it once).
 */
export async function paidTransferPayments(db: Db): Promise<string[]> {
  const rows = await db.execute<{ payment_id: string }>(sql`
    SELECT p.id AS payment_id FROM bookings b
    JOIN payments p ON p.booking_id = b.id AND p.provider = 'bank_transfer' AND p.status = 'pending'
    WHERE b.status IN ('pending', 'expired') AND b.payment_due_at IS NOT NULL
      AND (SELECT coalesce(sum(c.amount_cents), 0) FROM bank_credits c WHERE c.booking_id = b.id) >= b.total_amount_cents
    LIMIT 200`);
  return rows.rows.map((row) => row.payment_id);
}

/**
 * The bank-transfer job's round (docs/product/bank-transfer.md#due-dates): bookings whose money is there are
 * settled, reminders written and unpaid bookings cancelled; the outbox is woken for their mails. Answers how
 * many bookings it acted on.
 */
export async function runTransferDueDates(deps: PaymentDeps, now: Date): Promise<number> {
  const { db } = deps.database;
  const mail = await mailContextOf(deps);
  const settled = await paidTransferPayments(db);
  for (const paymentId of settled) await settleTransfer(deps, paymentId);
  const reminded = await sendTransferReminders(db, now, mail);
  const cancelled = await cancelUnpaidTransfers(db, now, mail);
  if (reminded + cancelled > 0) deps.outbox.kick();
  return settled.length + reminded + cancelled;
}
