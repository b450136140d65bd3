import { and, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  BANK_TRANSFER_MESSAGES,
  bankTransferOffered,
  epcPayload,
  formatIban,
  paymentDueAt,
  paymentReference,
  transferHoldEnd,
  type BankTransferInstructions,
  type BankTransferSettings,
} from '@shared/bank-transfer';
import type { Actor } from '../actor';
import type { Booking, DbOrTx } from '../../db/types';
import { bankCredits, bookings, events, payments } from '../../db/schema';
import { AppError } from '../app-error';
import { holderOf } from '../bookings/booking-mails';
import { loadBookingWithBuyer } from '../bookings/load-booking-with-buyer';
import { enqueueMail } from '../mail/enqueue-mail';
import { bankTransferMail, type BankTransferMailKind } from '../mail/templates/bank-transfer';
import type { MailContext } from '../mail/templates/mail-context';
import { loadOwnBooking } from '../payments/own-booking';
import { payable } from '../payments/start-payment';
import { loadSettings } from '../settings/settings-store';
import { mailContextOf, type UseCaseDeps } from '../use-case-deps';

// 'Überweisung (Vorkasse)' for the buyer (docs/product/bank-transfer.md): choosing it, and what the pages and
// mails show until the money is there.

/** What arrived on the bank for each booking so far. */
export async function creditedCents(db: DbOrTx, bookingIds: string[]): Promise<Map<string, number>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({ bookingId: bankCredits.bookingId, cents: sql<number>`sum(${bankCredits.amountCents})::int` })
    .from(bankCredits)
    .where(inArray(bankCredits.bookingId, bookingIds))
    .groupBy(bankCredits.bookingId);
  return new Map(rows.map((row) => [row.bookingId, Number(row.cents)]));
}

/** The EPC QR code as an SVG document; error correction M, as EPC069-12 asks. */
const girocodeSvg = (payload: string) =>
  QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
const girocodePng = (payload: string) =>
  QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 6 });

function epcOf(settings: BankTransferSettings, booking: Pick<Booking, 'orderNumber'>, amountCents: number) {
  return epcPayload({
    bic: settings.bic,
    accountHolder: settings.accountHolder,
    iban: settings.iban,
    amountCents,
    reference: paymentReference(booking.orderNumber),
  });
}

/**
 * The buyer chose transfer (docs/product/bank-transfer.md#offered): checked again here, then, with the booking
 * locked, a pending 'bank_transfer' payment for the total, the due date, the hold until the due date plus
 * grace, and the mail with the instructions and the GiroCode, sent after the commit. Asking twice gives the
 * same due date.
 */
export async function chooseBankTransfer(
  deps: Pick<UseCaseDeps, 'database' | 'settings' | 'config' | 'outbox'>,
  input: { bookingId: string; user: Actor; now?: Date },
): Promise<BankTransferInstructions> {
  const { bookingId, user, now = new Date() } = input;
  const { db } = deps.database;
  const mail = await mailContextOf(deps);
  await db.transaction(async (tx) => {
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).for('update');
    const booking = payable(await loadOwnBooking(tx, bookingId, user), now);
    if (booking.paymentDueAt) return; // chosen before
    const settings = (await loadSettings(tx)).bankTransfer;
    const [event] = await tx
      .select({ startTime: events.startTime, currency: events.currency })
      .from(events)
      .where(eq(events.id, booking.eventId));
    if (!event || !bankTransferOffered(settings, event, now)) {
      throw new AppError('conflict', BANK_TRANSFER_MESSAGES.notOffered);
    }
    const dueAt = paymentDueAt(now, event.startTime);
    await tx.insert(payments).values({
      bookingId,
      provider: 'bank_transfer',
      method: 'bank_transfer',
      amountCents: booking.totalAmountCents,
      currency: booking.currency,
      idempotencyKey: `booking-${bookingId}-bank-transfer`,
    });
    await tx
      .update(bookings)
      .set({ paymentDueAt: dueAt, holdExpiresAt: transferHoldEnd(dueAt), isTest: false })
      .where(eq(bookings.id, bookingId));
    await enqueueBankTransferMail(tx, { bookingId, kind: 'instructions', mail, settings });
  });
  deps.outbox.kick();
  return (await transferInstructions(db, bookingId, user))!;
}

/**
 * The instructions of one of the caller's bookings while it waits for a transfer; null for their other bookings
 * (the booking page asks for every pending booking), 404 for anyone else's.
 */
export async function transferInstructions(
  db: DbOrTx,
  bookingId: string,
  user: Actor,
): Promise<BankTransferInstructions | null> {
  const booking = await loadOwnBooking(db, bookingId, user);
  if (!booking.paymentDueAt || booking.status !== 'pending') return null;
  const [view] = await instructionsFor(db, [booking]);
  return view!;
}

/** 'Offene Überweisungen' in Meine Tickets: the caller's pending transfer bookings, due first. */
export async function openTransfers(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<BankTransferInstructions[]> {
  const rows = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.profileId, userId),
        eq(bookings.status, 'pending'),
        isNotNull(bookings.paymentDueAt),
        gt(bookings.holdExpiresAt, now),
      ),
    )
    .orderBy(bookings.paymentDueAt);
  return instructionsFor(db, rows);
}

async function instructionsFor(db: DbOrTx, rows: Booking[]): Promise<BankTransferInstructions[]> {
  if (rows.length === 0) return [];
  const settings = (await loadSettings(db)).bankTransfer;
  const paid = await creditedCents(
    db,
    rows.map((row) => row.id),
  );
  const titles = new Map(
    (
      await db
        .select({ id: events.id, title: events.title })
        .from(events)
        .where(inArray(events.id, [...new Set(rows.map((row) => row.eventId))]))
    ).map((event) => [event.id, event.title]),
  );
  return Promise.all(
    rows.map(async (booking) => {
      const paidCents = paid.get(booking.id) ?? 0;
      const amountCents = Math.max(0, booking.totalAmountCents - paidCents);
      return {
        bookingId: booking.id,
        orderNumber: booking.orderNumber,
        eventTitle: titles.get(booking.eventId) ?? '',
        accountHolder: settings.accountHolder,
        iban: formatIban(settings.iban),
        bic: settings.bic,
        amountCents,
        totalCents: booking.totalAmountCents,
        paidCents,
        currency: booking.currency,
        reference: paymentReference(booking.orderNumber),
        dueAt: booking.paymentDueAt!.toISOString(),
        qrSvg: await girocodeSvg(epcOf(settings, booking, amountCents)),
      };
    }),
  );
}

/**
 * One of the transfer mails to the buyer, with the GiroCode for what is still missing (none on the
 * cancellation). Nothing for a deleted account.
 */
export async function enqueueBankTransferMail(
  tx: DbOrTx,
  options: {
    bookingId: string;
    kind: BankTransferMailKind;
    mail: MailContext;
    settings?: BankTransferSettings;
  },
): Promise<void> {
  const row = await loadBookingWithBuyer(tx, options.bookingId);
  if (!row?.email || !row.booking.paymentDueAt) return;
  const settings = options.settings ?? (await loadSettings(tx)).bankTransfer;
  const paidCents = (await creditedCents(tx, [row.booking.id])).get(row.booking.id) ?? 0;
  const amountCents = Math.max(0, row.booking.totalAmountCents - paidCents);
  const content = bankTransferMail({
    kind: options.kind,
    context: options.mail,
    event: row.event,
    orderNumber: row.booking.orderNumber,
    holderName: holderOf(row),
    accountHolder: settings.accountHolder,
    iban: settings.iban,
    bic: settings.bic,
    reference: paymentReference(row.booking.orderNumber),
    amountCents,
    paidCents,
    currency: row.booking.currency,
    dueAt: row.booking.paymentDueAt,
  });
  const attachments =
    options.kind === 'cancelled'
      ? []
      : [
          {
            filename: 'GiroCode.png',
            contentType: 'image/png',
            content: await girocodePng(epcOf(settings, row.booking, amountCents)),
          },
        ];
  await enqueueMail(tx, { to: row.email, ...content, attachments });
}

/** The booking's open 'bank_transfer' payment, newest first. */
export async function transferPaymentOf(db: DbOrTx, bookingId: string) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.provider, 'bank_transfer')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return payment;
}
