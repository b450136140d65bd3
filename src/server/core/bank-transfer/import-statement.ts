import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { transferCurrency, type BankTransferSettings } from '@shared/bank-transfer';
import {
  BANK_IMPORT_MESSAGES,
  type CsvMapping,
  type AdminBankLine,
  type AdminBankLineStatus,
  type BankImportResult,
} from '@shared/bank-statements';
import { normalizeOrderNumber } from '@shared/order-number';
import type { DbOrTx, Tx } from '../../db/types';
import { bankCredits, bankStatementImports, bankStatementLines, bookings, payments } from '../../db/schema';
import { AppError } from '../app-error';
import type { MailContext } from '../mail/templates/mail-context';
import { settleTransfer } from '../payments/record-payment-verdict';
import type { PaymentDeps } from '../payments/send-refunds';
import { loadSettings } from '../settings/settings-store';
import { mailContextOf, type UseCaseDeps } from '../use-case-deps';
import { orderNumbersIn, planMatch, type MatchPlan, type OpenBooking } from './match-lines';
import { csvPreviewOffThread, readStatementOffThread, type UnexpectedReport } from './read-off-thread';
import type { ReadStatement } from './read-statement';
import { hasBadCharacter, type StatementLine } from './statements';
import { creditedCents, enqueueBankTransferMail } from './transfer-booking';

// Statement import and matching (docs/product/bank-transfer.md#statement-import): the whole file is read and
// checked first, in a worker (docs/product/bank-transfer.md#hostile-files); then, in ONE transaction, its new
// lines are stored (by their dedupe key), matched in memory against the bookings they name, locked once, and
// credited. A file that fails leaves nothing behind. Bookings paid in full are settled like a card payment after
// that commit, and the outbox is woken for the mails.

type LineRow = typeof bankStatementLines.$inferSelect;

/**
 * A booking whose transfer arrived in full is confirmed as a card payment would be (settleTransfer); the
 * bank-transfer job (`bankTransfers.kick`) settles the paid bookings an import left (a large statement).
 */
export type StatementDeps = PaymentDeps &
  Pick<UseCaseDeps, 'bankTransfers'> & {
    /** How many bookings to confirm before answering; default SETTLE_INLINE (tests lower it). */
    settleInline?: number;
  };

/** A parser's crash on a file is logged; the admin hears 'unreadable'. */
const parserCrash =
  (deps: Pick<UseCaseDeps, 'logger'>): UnexpectedReport =>
  (detail) =>
    deps.logger.warn({ detail }, 'statement parser failed on a file');

/** The first rows of a CSV file as the mapping dialog shows them, read in a worker like an import. */
export function previewCsvStatement(deps: Pick<UseCaseDeps, 'logger'>, content: Uint8Array) {
  return csvPreviewOffThread(content, parserCrash(deps));
}

/** Rows per INSERT: a line takes 10 parameters, PostgreSQL allows 65,535 per statement. */
const INSERT_CHUNK = 1_000;
/** Keys or order numbers per look-up (one parameter each). */
const LOOKUP_CHUNK = 5_000;
/**
 * Bookings an import confirms before it answers (tickets, invoice and mail take ~10 ms each); the job confirms
 * the others within seconds, so a statement of thousands of lines answers in seconds, not minutes.
 */
const SETTLE_INLINE = 100;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** At most `max` characters, never half of a character that UTF-16 writes as two. */
const clip = (text: string, max: number) =>
  text.length <= max ? text : Array.from(text).slice(0, max).join('');

/** The file's name as shown in the list of imports: no control characters (422), at most 200 characters. */
function importFileName(name: string): string {
  if (hasBadCharacter(name) || /[\t\n\r]/.test(name))
    throw new AppError('validation_failed', BANK_IMPORT_MESSAGES.fileName);
  return clip(name.trim(), 200) || 'Kontoauszug';
}

export async function importStatement(
  deps: StatementDeps,
  input: {
    fileName: string;
    content: Uint8Array;
    adminId: string | null;
    mapping?: CsvMapping;
    /** Called once the file is read and checked, before it is stored: the admin's progress. */
    onRead?: (read: { format: ReadStatement['format']; linesTotal: number }) => void;
  },
): Promise<BankImportResult> {
  const fileName = importFileName(input.fileName);
  const parsed = await readStatementOffThread(input.content, input.mapping, parserCrash(deps));
  input.onRead?.({ format: parsed.format, linesTotal: parsed.lines.length });
  const notice = await mailNotice(deps);
  const outcome = await deps.database.db.transaction((tx) =>
    storeAndMatch(tx, { fileName, adminId: input.adminId, parsed, notice }),
  );
  // a large statement leaves the rest of the settlements to the bank-transfer job (due-dates.ts)
  const inline = deps.settleInline ?? SETTLE_INLINE;
  for (const paymentId of outcome.paid.slice(0, inline)) {
    try {
      await settleTransfer(deps, paymentId);
    } catch {
      // the credits are committed; the job settles what this could not
      deps.bankTransfers.kick();
    }
  }
  if (outcome.paid.length > inline) deps.bankTransfers.kick();
  deps.outbox.kick(); // the partial payments' notices
  return outcome.result;
}

/** Only one import at a time: two files with the same lines must not both find them new. */
const IMPORT_LOCK = sql`SELECT pg_advisory_xact_lock(hashtext('ticketshop:bank-statement-import'))`;

async function storeAndMatch(
  tx: Tx,
  input: { fileName: string; adminId: string | null; parsed: ReadStatement; notice: MailNotice },
): Promise<{ result: BankImportResult; paid: string[] }> {
  const { parsed } = input;
  await tx.execute(IMPORT_LOCK);
  const [created] = await tx
    .insert(bankStatementImports)
    .values({
      fileName: input.fileName,
      format: parsed.format,
      importedBy: input.adminId,
      linesTotal: parsed.lines.length,
      linesNew: 0,
    })
    .returning({ id: bankStatementImports.id });
  const importId = created!.id;
  const known = await knownKeys(
    tx,
    parsed.lines.map((line) => line.dedupeKey),
  );
  const fresh = parsed.lines.filter((line) => !known.has(line.dedupeKey));

  // only euro credits are matched (docs/product/bank-transfer.md#currency); the others wait with their reason
  const matchable = (line: StatementLine) => line.amountCents > 0 && transferCurrency(line.currency);
  const open = await openBookings(
    tx,
    fresh.filter(matchable).flatMap((line) => orderNumbersIn(line.remittance)),
  );
  const counts = { matched: 0, partial: 0, overpaid: 0, unmatched: 0, ignored: 0 };
  const credits: { lineId: string; bookingId: string; amountCents: number }[] = [];
  // in the file's order: the first paid are confirmed before the answer
  const paid: string[] = [];
  const rows = fresh.map((line) => {
    const id = randomUUID();
    const plan: MatchPlan =
      line.amountCents <= 0
        ? { status: 'ignored', credits: [], excessCents: 0 }
        : matchable(line)
          ? planMatch(line, open)
          : { status: 'unmatched', credits: [], excessCents: 0 };
    for (const credit of plan.credits) {
      credits.push({ lineId: id, ...credit });
      // the next line of the file sees what this one paid
      const booking = open.byBookingId.get(credit.bookingId)!;
      booking.owedCents -= credit.amountCents;
      if (booking.owedCents <= 0) paid.push(booking.paymentId);
    }
    counts[plan.status]++;
    return { id, importId, ...lineValues(line), status: plan.status, excessCents: plan.excessCents };
  });
  for (const part of chunks(rows, INSERT_CHUNK)) await tx.insert(bankStatementLines).values(part);
  for (const [index, part] of chunks(credits, INSERT_CHUNK).entries()) {
    await tx.insert(bankCredits).values(
      // one microsecond apart, in the file's order: lists name a line's bookings and a booking's payers in it
      part.map((credit, i) => ({
        ...credit,
        createdAt: sql`now() + ${index * INSERT_CHUNK + i}::int * interval '1 microsecond'`,
      })),
    );
  }
  await tx
    .update(bankStatementImports)
    .set({ linesNew: fresh.length })
    .where(eq(bankStatementImports.id, importId));

  // one mail per booking paid in part, with what all of the file's lines brought together
  const partly = new Set(credits.map((credit) => credit.bookingId));
  for (const bookingId of partly) {
    if (open.byBookingId.get(bookingId)!.owedCents <= 0) continue;
    await enqueueBankTransferMail(tx, { bookingId, kind: 'partial', ...input.notice });
  }
  return {
    result: {
      importId,
      format: parsed.format,
      linesTotal: parsed.lines.length,
      linesNew: fresh.length,
      ...counts,
    },
    paid,
  };
}

/** The keys among `keys` that an earlier import stored. */
async function knownKeys(tx: Tx, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(keys, LOOKUP_CHUNK)) {
    const rows = await tx
      .select({ key: bankStatementLines.dedupeKey })
      .from(bankStatementLines)
      .where(inArray(bankStatementLines.dedupeKey, part));
    for (const row of rows) found.add(row.key);
  }
  return found;
}

/** What a partial payment's mail is written with, read once per import. */
interface MailNotice {
  mail: MailContext;
  settings: BankTransferSettings;
}
const mailNotice = async (deps: StatementDeps): Promise<MailNotice> => ({
  mail: await mailContextOf(deps),
  settings: (await loadSettings(deps.database.db)).bankTransfer,
});

function lineValues(line: StatementLine) {
  return {
    dedupeKey: line.dedupeKey,
    bookedOn: line.bookedOn,
    amountCents: line.amountCents,
    currency: line.currency,
    counterpartyName: clip(line.counterpartyName, 200),
    counterpartyIban: clip(line.counterpartyIban, 40),
    remittance: clip(line.remittance, 2000),
  };
}

type OpenTransfer = OpenBooking & { paymentId: string; totalCents: number };
/** By order number, as planMatch looks them up, and by booking, as the import books them. */
type OpenTransfers = Map<string, OpenTransfer> & { byBookingId: Map<string, OpenTransfer> };

/**
 * Bookings that wait for a transfer, locked: pending or expired, in euro, with an open 'bank_transfer' payment
 * and money still owed.
 */
async function openBookings(tx: Tx, named: string[]): Promise<OpenTransfers> {
  const result = Object.assign(new Map<string, OpenTransfer>(), {
    byBookingId: new Map<string, OpenTransfer>(),
  });
  const orderNumbers = [...new Set(named)].sort();
  for (const part of chunks(orderNumbers, LOOKUP_CHUNK)) {
    const rows = await tx
      .select({
        bookingId: bookings.id,
        orderNumber: bookings.orderNumber,
        totalCents: bookings.totalAmountCents,
        paymentId: payments.id,
      })
      .from(bookings)
      .innerJoin(payments, and(eq(payments.bookingId, bookings.id), eq(payments.provider, 'bank_transfer')))
      .where(
        and(
          inArray(bookings.orderNumber, part),
          inArray(bookings.status, ['pending', 'expired']),
          eq(bookings.currency, 'EUR'),
          eq(payments.status, 'pending'),
        ),
      )
      .orderBy(bookings.id)
      .for('update', { of: [bookings] });
    const credited = await creditedCents(
      tx,
      rows.map((row) => row.bookingId),
    );
    for (const row of rows) {
      const owedCents = row.totalCents - (credited.get(row.bookingId) ?? 0);
      if (owedCents <= 0) continue;
      const open = { ...row, owedCents };
      result.set(row.orderNumber, open);
      result.byBookingId.set(row.bookingId, open);
    }
  }
  return result;
}

/**
 * Matches one line to the bookings `orderNumbers` name and writes its credits; then settles the bookings it
 * paid in full, and tells the buyer of a partial payment. Returns the line's status.
 */
async function matchLine(
  deps: StatementDeps,
  line: LineRow,
  orderNumbers: string[],
  notice: MailNotice,
  adminId: string | null = null,
): Promise<{ status: AdminBankLineStatus; paid: string[] }> {
  const { db } = deps.database;
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(bankStatementLines)
      .where(eq(bankStatementLines.id, line.id))
      .for('update');
    if (!current || current.status !== 'unmatched')
      throw new AppError('conflict', BANK_IMPORT_MESSAGES.alreadyAssigned);
    const open = await openBookings(tx, orderNumbers);
    const plan: MatchPlan = planMatch(
      { amountCents: line.amountCents, remittance: orderNumbers.join(' ') },
      open,
    );
    if (plan.credits.length > 0) {
      await tx.insert(bankCredits).values(plan.credits.map((credit) => ({ lineId: line.id, ...credit })));
    }
    await tx
      .update(bankStatementLines)
      .set({
        status: plan.status,
        excessCents: plan.excessCents,
        matchedBy: plan.credits.length > 0 ? adminId : null,
      })
      .where(eq(bankStatementLines.id, line.id));
    const paid: string[] = [];
    for (const credit of plan.credits) {
      const booking = [...open.values()].find((candidate) => candidate.bookingId === credit.bookingId)!;
      if (credit.amountCents >= booking.owedCents) paid.push(booking.paymentId);
      else await enqueueBankTransferMail(tx, { bookingId: booking.bookingId, kind: 'partial', ...notice });
    }
    return { status: plan.status, paid };
  });
  return outcome;
}

/** 'Zuordnen': the admin names the booking of an unmatched line by its order number. */
export async function assignLine(
  deps: StatementDeps,
  input: { lineId: string; orderNumber: string; adminId: string },
): Promise<AdminBankLine> {
  const orderNumber = normalizeOrderNumber(input.orderNumber);
  if (!orderNumber) throw new AppError('validation_failed', BANK_IMPORT_MESSAGES.orderNotFound);
  const { db } = deps.database;
  const [line] = await db.select().from(bankStatementLines).where(eq(bankStatementLines.id, input.lineId));
  if (!line) throw new AppError('not_found', 'Zeile nicht gefunden.');
  if (line.status !== 'unmatched') throw new AppError('conflict', BANK_IMPORT_MESSAGES.alreadyAssigned);
  // docs/product/bank-transfer.md#currency: yen do not pay a booking in euro, by hand neither
  if (!transferCurrency(line.currency)) throw new AppError('conflict', BANK_IMPORT_MESSAGES.notEuro);
  const [known] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(payments, and(eq(payments.bookingId, bookings.id), eq(payments.provider, 'bank_transfer')))
    .where(and(eq(bookings.orderNumber, orderNumber), eq(payments.status, 'pending')));
  if (!known) throw new AppError('validation_failed', BANK_IMPORT_MESSAGES.orderNotFound);
  const outcome = await matchLine(deps, line, [orderNumber], await mailNotice(deps), input.adminId);
  for (const paymentId of outcome.paid) await settleTransfer(deps, paymentId);
  deps.outbox.kick(); // a partial payment's notice
  return (await listBankLines(db, { lineId: line.id }))[0]!;
}

/** The admin's list: the open lines (not matched in full, newest first), or all. */
export async function listBankLines(
  db: DbOrTx,
  filter: { status?: 'open' | 'all'; lineId?: string },
): Promise<AdminBankLine[]> {
  const where = filter.lineId
    ? eq(bankStatementLines.id, filter.lineId)
    : filter.status === 'all'
      ? undefined
      : inArray(bankStatementLines.status, ['unmatched', 'partial', 'overpaid']);
  const lines = await db
    .select()
    .from(bankStatementLines)
    .where(where)
    .orderBy(desc(bankStatementLines.bookedOn), desc(bankStatementLines.createdAt))
    .limit(500);
  const credits =
    lines.length === 0
      ? []
      : await db
          .select({
            lineId: bankCredits.lineId,
            bookingId: bankCredits.bookingId,
            orderNumber: bookings.orderNumber,
            amountCents: bankCredits.amountCents,
          })
          .from(bankCredits)
          .innerJoin(bookings, eq(bookings.id, bankCredits.bookingId))
          .where(
            inArray(
              bankCredits.lineId,
              lines.map((line) => line.id),
            ),
          )
          .orderBy(sql`${bankCredits.createdAt}`);
  return lines.map((line) => ({
    id: line.id,
    bookedOn: line.bookedOn,
    amountCents: line.amountCents,
    currency: line.currency,
    counterpartyName: line.counterpartyName,
    counterpartyIban: line.counterpartyIban,
    remittance: line.remittance,
    status: line.status,
    excessCents: line.excessCents,
    reason:
      line.status === 'unmatched' && !transferCurrency(line.currency)
        ? BANK_IMPORT_MESSAGES.foreignCurrency(line.currency)
        : null,
    bookings: credits
      .filter((credit) => credit.lineId === line.id)
      .map(({ bookingId, orderNumber, amountCents }) => ({ bookingId, orderNumber, amountCents })),
  }));
}
