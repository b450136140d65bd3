import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  BANK_IMPORT_MESSAGES,
  CSV_MESSAGES,
  type CsvMapping,
  type AdminBankLine,
  type AdminBankLineStatus,
  type BankImportResult,
  type BankTransferSettings,
} from '@shared/bank-transfer';
import { normalizeOrderNumber } from '@shared/order-number';
import type { Db, DbOrTx, Tx } from '../../db/types';
import { bankCredits, bankStatementImports, bankStatementLines, bookings, payments } from '../../db/schema';
import { AppError } from '../app-error';
import type { MailContext } from '../mail/templates/mail-context';
import { loadSettings } from '../settings/settings-store';
import { orderNumbersIn, planMatch, type MatchPlan, type OpenBooking } from './match-lines';
import { parseCsvStatement } from './csv-statement';
import { parseStatement, type StatementLine } from './statements';
import { creditedCents, enqueueBankTransferMail } from './transfer-booking';

// Statement import and matching (docs/product/bank-transfer.md#statement-import): lines are stored once (by
// their dedupe key), each new credit line is matched in its own transaction with the bookings it names locked,
// and a booking whose credits reach its total is settled like a card payment, after that commit.

type LineRow = typeof bankStatementLines.$inferSelect;

export interface BankDeps {
  db: Db;
  mail: () => Promise<MailContext>;
  /** Confirms a booking whose transfer arrived in full, as a card payment would be (PaymentService). */
  settle: (paymentId: string) => Promise<unknown>;
  /** Wakes the bank-transfer job, which settles paid bookings the import left (a large statement). */
  settleLater: () => void;
  /** How many bookings to confirm before answering; default SETTLE_INLINE (tests lower it). */
  settleInline?: number;
}

/** Lines per INSERT; a line takes 9 parameters. */
const INSERT_CHUNK = 500;
/**
 * Bookings an import confirms before it answers (tickets, invoice and mail take ~10 ms each); the job confirms
 * the others within seconds, so a statement of thousands of lines answers in seconds, not minutes.
 */
const SETTLE_INLINE = 100;

export async function importStatement(
  deps: BankDeps,
  input: { fileName: string; content: Buffer; adminId: string | null; mapping?: CsvMapping },
): Promise<BankImportResult> {
  const { db } = deps;
  const parsed = readStatement(input.content, input.mapping);
  const [created] = await db
    .insert(bankStatementImports)
    .values({
      fileName: input.fileName.slice(0, 200),
      format: parsed.format,
      importedBy: input.adminId,
      linesTotal: parsed.lines.length,
      linesNew: 0,
    })
    .returning({ id: bankStatementImports.id });
  const importId = created!.id;
  const fresh: LineRow[] = [];
  for (let start = 0; start < parsed.lines.length; start += INSERT_CHUNK) {
    const rows = await db
      .insert(bankStatementLines)
      .values(
        parsed.lines.slice(start, start + INSERT_CHUNK).map((line) => ({
          ...lineValues(line),
          importId,
          status: line.amountCents > 0 ? ('unmatched' as const) : ('ignored' as const),
        })),
      )
      .onConflictDoNothing({ target: bankStatementLines.dedupeKey })
      .returning();
    fresh.push(...rows);
  }
  await db
    .update(bankStatementImports)
    .set({ linesNew: fresh.length })
    .where(eq(bankStatementImports.id, importId));

  const counts = { matched: 0, partial: 0, overpaid: 0, unmatched: 0, ignored: 0 };
  const notice = await mailNotice(deps);
  const inline = deps.settleInline ?? SETTLE_INLINE;
  let settled = 0;
  for (const line of fresh) {
    if (line.status === 'ignored') {
      counts.ignored++;
      continue;
    }
    const outcome = await matchLine(deps, line, orderNumbersIn(line.remittance), notice);
    counts[outcome.status]++;
    // a large statement leaves the rest of the settlements to the bank-transfer job (due-dates.ts)
    for (const paymentId of outcome.paid) {
      if (settled++ < inline) await deps.settle(paymentId);
    }
  }
  if (settled > inline) deps.settleLater();
  return {
    importId,
    format: parsed.format,
    linesTotal: parsed.lines.length,
    linesNew: fresh.length,
    ...counts,
  };
}

/**
 * CAMT.053 and MT940 are recognised by their content; anything else is read as CSV with the chosen mapping
 * (docs/product/bank-transfer.md#csv).
 */
function readStatement(
  content: Buffer,
  mapping?: CsvMapping,
): { format: BankImportResult['format']; lines: StatementLine[] } {
  const head = content.subarray(0, 200).toString('latin1').trimStart();
  if (head.startsWith('<') || /^:20:/m.test(content.subarray(0, 2000).toString('latin1')) || !mapping) {
    try {
      return parseStatement(content);
    } catch (error) {
      // a CSV without a mapping: say what is missing rather than 'unreadable'
      if (!mapping && /[;,\t]/.test(head.split('\n', 1)[0] ?? '') && !head.startsWith('<')) {
        throw new AppError('validation_failed', CSV_MESSAGES.mappingMissing);
      }
      throw error;
    }
  }
  return { format: 'csv', lines: parseCsvStatement(content, mapping) };
}

/** What a partial payment's mail is written with, read once per import. */
interface MailNotice {
  mail: MailContext;
  settings: BankTransferSettings;
}
const mailNotice = async (deps: BankDeps): Promise<MailNotice> => ({
  mail: await deps.mail(),
  settings: (await loadSettings(deps.db)).bankTransfer,
});

function lineValues(line: StatementLine) {
  return {
    dedupeKey: line.dedupeKey,
    bookedOn: line.bookedOn,
    amountCents: line.amountCents,
    currency: line.currency,
    counterpartyName: line.counterpartyName.slice(0, 200),
    counterpartyIban: line.counterpartyIban.slice(0, 40),
    remittance: line.remittance.slice(0, 2000),
  };
}

/** Bookings that wait for a transfer: pending or expired, with an open 'bank_transfer' payment. */
async function openBookings(
  tx: Tx,
  orderNumbers: string[],
): Promise<Map<string, OpenBooking & { paymentId: string; totalCents: number }>> {
  const result = new Map<string, OpenBooking & { paymentId: string; totalCents: number }>();
  if (orderNumbers.length === 0) return result;
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
        inArray(bookings.orderNumber, orderNumbers),
        inArray(bookings.status, ['pending', 'expired']),
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
    if (owedCents > 0) result.set(row.orderNumber, { ...row, owedCents });
  }
  return result;
}

/**
 * Matches one line to the bookings `orderNumbers` name and writes its credits; then settles the bookings it
 * paid in full, and tells the buyer of a partial payment. Returns the line's status.
 */
async function matchLine(
  deps: BankDeps,
  line: LineRow,
  orderNumbers: string[],
  notice: MailNotice,
  adminId: string | null = null,
): Promise<{ status: AdminBankLineStatus; paid: string[] }> {
  const { db } = deps;
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
  deps: BankDeps,
  input: { lineId: string; orderNumber: string; adminId: string },
): Promise<AdminBankLine> {
  const orderNumber = normalizeOrderNumber(input.orderNumber);
  if (!orderNumber) throw new AppError('validation_failed', BANK_IMPORT_MESSAGES.orderNotFound);
  const [line] = await deps.db
    .select()
    .from(bankStatementLines)
    .where(eq(bankStatementLines.id, input.lineId));
  if (!line) throw new AppError('not_found', 'Zeile nicht gefunden.');
  if (line.status !== 'unmatched') throw new AppError('conflict', BANK_IMPORT_MESSAGES.alreadyAssigned);
  const [known] = await deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(payments, and(eq(payments.bookingId, bookings.id), eq(payments.provider, 'bank_transfer')))
    .where(and(eq(bookings.orderNumber, orderNumber), eq(payments.status, 'pending')));
  if (!known) throw new AppError('validation_failed', BANK_IMPORT_MESSAGES.orderNotFound);
  const outcome = await matchLine(deps, line, [orderNumber], await mailNotice(deps), input.adminId);
  for (const paymentId of outcome.paid) await deps.settle(paymentId);
  return (await listBankLines(deps.db, { lineId: line.id }))[0]!;
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
    bookings: credits
      .filter((credit) => credit.lineId === line.id)
      .map(({ bookingId, orderNumber, amountCents }) => ({ bookingId, orderNumber, amountCents })),
  }));
}
