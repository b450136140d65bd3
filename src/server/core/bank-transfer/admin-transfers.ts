import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import SEPA from 'sepa';
import { transferHoldEnd } from '@shared/bank-transfer';
import {
  EXTEND_DAYS_MAX,
  TRANSFER_ADMIN_MESSAGES,
  type AdminTransferBooking,
  type AdminTransferRefund,
} from '@shared/bank-statements';
import type { Db, DbOrTx } from '../../db/types';
import {
  bankCredits,
  bankStatementLines,
  bookings,
  events,
  paymentActions,
  payments,
  profiles,
  refunds,
} from '../../db/schema';
import { AppError } from '../app-error';
import { settleTransfer } from '../payments/record-payment-verdict';
import type { PaymentDeps } from '../payments/send-refunds';
import { loadSettings } from '../settings/settings-store';
import { sepaText } from './sepa-text';
import { creditedCents, transferPaymentOf } from './transfer-booking';

// The admin's side of transfers (docs/product/bank-transfer.md#admin-actions, #refunds): the bookings that wait
// for money, extending a due date, marking one paid by hand, and paying back what is owed with a pain.001 file.

const DAY_MS = 86_400_000;

/** Pending bookings paid by transfer, due first. */
export async function listTransferBookings(db: DbOrTx, bookingId?: string): Promise<AdminTransferBooking[]> {
  const rows = await db
    .select({
      booking: bookings,
      eventTitle: events.title,
      buyerName: profiles.fullName,
      buyerEmail: profiles.email,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(profiles, eq(profiles.id, bookings.profileId))
    .where(
      and(
        eq(bookings.status, 'pending'),
        isNotNull(bookings.paymentDueAt),
        bookingId ? eq(bookings.id, bookingId) : undefined,
      ),
    )
    .orderBy(asc(bookings.paymentDueAt))
    .limit(500);
  const paid = await creditedCents(
    db,
    rows.map((row) => row.booking.id),
  );
  return rows.map(({ booking, eventTitle, buyerName, buyerEmail }) => ({
    bookingId: booking.id,
    orderNumber: booking.orderNumber,
    eventTitle,
    buyerName: buyerName ?? booking.holderName ?? '',
    buyerEmail: buyerEmail ?? '',
    totalCents: booking.totalAmountCents,
    paidCents: paid.get(booking.id) ?? 0,
    currency: booking.currency,
    dueAt: booking.paymentDueAt!.toISOString(),
    holdUntil: booking.holdExpiresAt!.toISOString(),
  }));
}

/** 'Fälligkeit verlängern': the due date (and so the hold) moves by `days`; logged. */
export async function extendDueDate(
  db: Db,
  input: { bookingId: string; days: number; actorId: string },
): Promise<AdminTransferBooking> {
  if (!Number.isInteger(input.days) || input.days < 1 || input.days > EXTEND_DAYS_MAX) {
    throw new AppError('validation_failed', TRANSFER_ADMIN_MESSAGES.extendDays);
  }
  await db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, input.bookingId)).for('update');
    if (!booking || booking.status !== 'pending' || !booking.paymentDueAt) {
      throw new AppError('conflict', TRANSFER_ADMIN_MESSAGES.notPending);
    }
    const dueAt = new Date(booking.paymentDueAt.getTime() + input.days * DAY_MS);
    await tx
      .update(bookings)
      // a new due date earns a new reminder
      .set({ paymentDueAt: dueAt, holdExpiresAt: transferHoldEnd(dueAt), paymentRemindedAt: null })
      .where(eq(bookings.id, booking.id));
    await tx.insert(paymentActions).values({
      bookingId: booking.id,
      actorId: input.actorId,
      action: 'extend_due',
      detail: { from: booking.paymentDueAt.toISOString(), to: dueAt.toISOString() },
    });
  });
  return (await listTransferBookings(db, input.bookingId))[0]!;
}

/**
 * 'Als bezahlt markieren': the money came some other way (cash, another account). Logged; after that commit
 * the transfer payment is settled as if matched (confirmation, tickets, mail).
 */
export async function markTransferPaid(
  deps: PaymentDeps,
  input: { bookingId: string; actorId: string },
): Promise<void> {
  const paymentId = await deps.database.db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, input.bookingId)).for('update');
    const payment = booking ? await transferPaymentOf(tx, booking.id) : undefined;
    if (
      !booking ||
      !booking.paymentDueAt ||
      !['pending', 'expired'].includes(booking.status) ||
      payment?.status !== 'pending'
    ) {
      throw new AppError('conflict', TRANSFER_ADMIN_MESSAGES.notPending);
    }
    await tx.insert(paymentActions).values({
      bookingId: booking.id,
      actorId: input.actorId,
      action: 'mark_paid',
      detail: {
        amountCents: booking.totalAmountCents,
        credited: (await creditedCents(tx, [booking.id])).get(booking.id) ?? 0,
      },
    });
    return payment.id;
  });
  await settleTransfer(deps, paymentId);
}

/** Refunds of transfer payments still owed, oldest first, with where the money goes. */
export async function listTransferRefunds(db: DbOrTx): Promise<AdminTransferRefund[]> {
  const rows = await db
    .select({
      refundId: refunds.id,
      bookingId: refunds.bookingId,
      orderNumber: bookings.orderNumber,
      amountCents: refunds.amountCents,
      currency: refunds.currency,
      payoutIban: refunds.payoutIban,
      payoutName: refunds.payoutName,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(and(eq(refunds.status, 'pending'), eq(payments.provider, 'bank_transfer')))
    .orderBy(asc(refunds.createdAt));
  const senders = await payingAccounts(
    db,
    rows.map((row) => row.bookingId),
  );
  const refundsOwed = rows.map((row): AdminTransferRefund => {
    const sender = senders.get(row.bookingId);
    return {
      refundId: row.refundId,
      kind: 'refund',
      orderNumber: row.orderNumber,
      amountCents: row.amountCents,
      currency: row.currency,
      payoutIban: row.payoutIban ?? sender?.iban ?? '',
      payoutName: row.payoutName ?? sender?.name ?? '',
      createdAt: row.createdAt.toISOString(),
    };
  });
  return [...refundsOwed, ...(await excessOwed(db))].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Overpayments not yet paid back: to the account they came from, named by the first booking they paid. */
async function excessOwed(db: DbOrTx): Promise<AdminTransferRefund[]> {
  const lines = await db
    .select({
      id: bankStatementLines.id,
      excessCents: bankStatementLines.excessCents,
      currency: bankStatementLines.currency,
      iban: bankStatementLines.counterpartyIban,
      name: bankStatementLines.counterpartyName,
      createdAt: bankStatementLines.createdAt,
      orderNumber: sql<string>`(SELECT b.order_number FROM bank_credits c JOIN bookings b ON b.id = c.booking_id
        WHERE c.line_id = bank_statement_lines.id ORDER BY c.created_at LIMIT 1)`,
    })
    .from(bankStatementLines)
    .where(
      and(
        eq(bankStatementLines.status, 'overpaid'),
        sql`${bankStatementLines.excessCents} > 0`,
        isNull(bankStatementLines.excessRefundedAt),
      ),
    );
  return lines.map((line) => ({
    refundId: line.id,
    kind: 'excess',
    orderNumber: line.orderNumber,
    amountCents: line.excessCents,
    currency: line.currency,
    payoutIban: line.iban,
    payoutName: line.name,
    createdAt: line.createdAt.toISOString(),
  }));
}

/** The account the latest transfer for each booking came from. */
async function payingAccounts(db: DbOrTx, bookingIds: string[]) {
  const result = new Map<string, { iban: string; name: string }>();
  if (bookingIds.length === 0) return result;
  const rows = await db
    .select({
      bookingId: bankCredits.bookingId,
      iban: bankStatementLines.counterpartyIban,
      name: bankStatementLines.counterpartyName,
    })
    .from(bankCredits)
    .innerJoin(bankStatementLines, eq(bankStatementLines.id, bankCredits.lineId))
    .where(and(inArray(bankCredits.bookingId, bookingIds), sql`${bankStatementLines.counterpartyIban} <> ''`))
    .orderBy(desc(bankCredits.createdAt));
  for (const row of rows) if (!result.has(row.bookingId)) result.set(row.bookingId, row);
  return result;
}

/** Names in the file: the SEPA character set, 70 characters (docs/product/bank-transfer.md#sepa-characters). */
const sepaName = (name: string) => sepaText(name, 70) || 'NOTPROVIDED';

/**
 * The SEPA credit transfer file (pain.001.001.03, made with `sepa`) of every owed refund with an IBAN, for the
 * shop's online banking: debtor = the shop's account from the settings, one transaction per refund with the
 * order number in the remittance and the refund's id as end-to-end id. Names and remittance text in the SEPA
 * character set (docs/product/bank-transfer.md#sepa-characters).
 */
export async function transferRefundsPain001(
  db: DbOrTx,
  now = new Date(),
): Promise<{ xml: string; count: number }> {
  const owed = (await listTransferRefunds(db)).filter((refund) => refund.payoutIban && refund.payoutName);
  if (owed.length === 0) throw new AppError('conflict', TRANSFER_ADMIN_MESSAGES.noRefunds);
  const account = (await loadSettings(db)).bankTransfer;
  const doc = new SEPA.Document('pain.001.001.03');
  doc.grpHdr.id = `ERST-${now.getTime()}`;
  doc.grpHdr.created = now;
  doc.grpHdr.initiatorName = sepaName(account.accountHolder);
  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = now;
  info.debtorIBAN = account.iban;
  if (account.bic) info.debtorBIC = account.bic;
  info.debtorName = sepaName(account.accountHolder);
  doc.addPaymentInfo(info);
  for (const refund of owed) {
    const tx = info.createTransaction();
    tx.creditorName = sepaName(refund.payoutName);
    tx.creditorIBAN = refund.payoutIban.replace(/\s+/g, '');
    tx.amount = refund.amountCents / 100;
    tx.remittanceInfo = sepaText(
      `${refund.kind === 'excess' ? 'Erstattung Überzahlung' : 'Erstattung'} ${refund.orderNumber}`,
      140,
    );
    tx.end2endId = refund.refundId.replace(/-/g, '').slice(0, 35);
    info.addTransaction(tx);
  }
  return { xml: doc.toString(), count: owed.length };
}

/** 'Als erstattet markieren': the bank carried the file out; the refunds are done. Logged per booking. */
export async function markTransferRefundsPaid(
  db: Db,
  input: { ids: string[]; actorId: string },
): Promise<number> {
  if (input.ids.length === 0) return 0;
  return db.transaction(async (tx) => {
    const done = await tx
      .update(refunds)
      .set({ status: 'succeeded', lastError: null, updatedAt: new Date() })
      .where(
        and(
          inArray(refunds.id, input.ids),
          eq(refunds.status, 'pending'),
          sql`${refunds.paymentId} IN (SELECT id FROM payments WHERE provider = 'bank_transfer')`,
        ),
      )
      .returning({ id: refunds.id, bookingId: refunds.bookingId, amountCents: refunds.amountCents });
    const excess = await tx
      .update(bankStatementLines)
      .set({ excessRefundedAt: new Date() })
      .where(
        and(
          inArray(bankStatementLines.id, input.ids),
          eq(bankStatementLines.status, 'overpaid'),
          isNull(bankStatementLines.excessRefundedAt),
        ),
      )
      .returning({ id: bankStatementLines.id, amountCents: bankStatementLines.excessCents });
    const excessBookings = await firstBookingOf(
      tx,
      excess.map((line) => line.id),
    );
    const logged = [
      ...done.map((refund) => ({
        bookingId: refund.bookingId,
        detail: { refundId: refund.id, amountCents: refund.amountCents },
      })),
      ...excess.flatMap((line) => {
        const bookingId = excessBookings.get(line.id);
        return bookingId
          ? [{ bookingId, detail: { excessOfLine: line.id, amountCents: line.amountCents } }]
          : [];
      }),
    ];
    if (logged.length > 0) {
      await tx
        .insert(paymentActions)
        .values(logged.map((entry) => ({ ...entry, actorId: input.actorId, action: 'refund_paid' })));
    }
    return done.length + excess.length;
  });
}

/** The first booking each line paid (the log names a booking). */
async function firstBookingOf(db: DbOrTx, lineIds: string[]): Promise<Map<string, string>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db
    .select({ lineId: bankCredits.lineId, bookingId: bankCredits.bookingId })
    .from(bankCredits)
    .where(inArray(bankCredits.lineId, lineIds))
    .orderBy(asc(bankCredits.createdAt));
  const result = new Map<string, string>();
  for (const row of rows) if (!result.has(row.lineId)) result.set(row.lineId, row.bookingId);
  return result;
}
