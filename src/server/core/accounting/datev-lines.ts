import { and, asc, eq, gt, gte, isNotNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { AccountingSettings, ClearingKind, ExportRange } from '@shared/accounting';
import type { TaxMode } from '@shared/invoices';
import { usedMethodLabel } from '@shared/payment-methods';
import { bookings, invoices, payments, refunds } from '../../db/schema';
import type { DbOrTx } from '../../db/types';
import type { DatevLine } from './datev-format';

// What a Buchungsstapel books (docs/product/accounting.md#lines): each invoice and cancellation invoice against
// the collective debtor, and the money itself as its own lines, payments, refunds and returned debits between
// the debtor and the clearing account (or the bank for transfers), so the statements of the bank and of
// Stripe reconcile with the debtor's open items.

export interface LineCounts {
  invoices: number;
  cancellations: number;
  payments: number;
  refunds: number;
  returns: number;
}

/** 'YYYY-MM-DD' of a timestamp in the shop's zone, in SQL. */
const dayOf = (column: SQL | typeof refunds.updatedAt, zone: string) =>
  sql<string>`to_char((${column}) at time zone ${zone}::text, 'YYYY-MM-DD')`;

/** The clearing account a payment's method books on; a transfer goes to the bank. */
export function moneyAccount(settings: AccountingSettings, provider: string, method: string | null): string {
  if (provider === 'bank_transfer' || method === 'bank_transfer') return settings.bankAccount;
  const kind: ClearingKind =
    method === 'paypal' || method === 'sepa_debit' || method === 'klarna' || method === 'billie'
      ? method
      : 'card';
  return settings.clearingAccounts[kind];
}

const methodName = (provider: string, method: string | null) =>
  usedMethodLabel(method) ||
  (provider === 'test' ? 'Testzahlung' : provider === 'bank_transfer' ? 'Überweisung' : 'Karte');

/** The number a booking's money is filed under: its invoice, else its order number. */
const bookingInvoiceNumber = sql<string | null>`(select i.number from invoices i
  where i.booking_id = ${bookings.id} and i.kind = 'invoice')`;

/** Every line of the range, in date order and, within a day, invoices first; with the counts per kind. */
export async function datevLines(
  db: DbOrTx,
  settings: AccountingSettings,
  range: ExportRange,
  zone: string,
): Promise<{ lines: DatevLine[]; counts: LineCounts }> {
  const issueDate = sql<string>`${invoices.document}->>'issueDate'`;
  const invoiceRows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      kind: invoices.kind,
      grossCents: invoices.grossCents,
      issueDate,
      taxMode: sql<TaxMode>`${invoices.document}->>'taxMode'`,
      orderNumber: sql<string>`${invoices.document}->>'orderNumber'`,
      eventTitle: sql<string>`${invoices.document}->>'eventTitle'`,
      corrects: sql<string | null>`${invoices.document}->'corrects'->>'number'`,
    })
    .from(invoices)
    .where(and(gte(issueDate, range.from), lte(issueDate, range.to), ne(invoices.grossCents, 0)))
    .orderBy(asc(issueDate), asc(invoices.number));

  const paidAt = sql`coalesce(${bookings.confirmedAt}, ${payments.updatedAt})`;
  const paidDay = dayOf(paidAt, zone);
  const paymentRows = await db
    .select({
      day: paidDay,
      amountCents: payments.amountCents,
      provider: payments.provider,
      method: payments.method,
      orderNumber: bookings.orderNumber,
      invoiceNumber: bookingInvoiceNumber,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(
      and(
        eq(payments.status, 'succeeded'),
        ne(payments.provider, 'free'),
        gt(payments.amountCents, 0),
        gte(paidDay, range.from),
        lte(paidDay, range.to),
      ),
    )
    .orderBy(asc(paidDay), asc(payments.createdAt));

  const returnDay = dayOf(sql`${payments.returnedAt}`, zone);
  const returnRows = await db
    .select({
      day: returnDay,
      amountCents: payments.amountCents,
      provider: payments.provider,
      method: payments.method,
      orderNumber: bookings.orderNumber,
      invoiceNumber: bookingInvoiceNumber,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(
      and(
        isNotNull(payments.returnedAt),
        gt(payments.amountCents, 0),
        gte(returnDay, range.from),
        lte(returnDay, range.to),
      ),
    )
    .orderBy(asc(returnDay), asc(payments.createdAt));

  // a refund leaves the account when the provider (or the bank) carried it out: its update to 'succeeded'
  const refundDay = dayOf(refunds.updatedAt, zone);
  const refundRows = await db
    .select({
      day: refundDay,
      amountCents: refunds.amountCents,
      provider: payments.provider,
      method: payments.method,
      orderNumber: bookings.orderNumber,
      cancellationNumber: sql<
        string | null
      >`(select c.number from invoices c where c.refund_id = ${refunds.id})`,
      invoiceNumber: bookingInvoiceNumber,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(and(eq(refunds.status, 'succeeded'), gte(refundDay, range.from), lte(refundDay, range.to)))
    .orderBy(asc(refundDay), asc(refunds.createdAt));

  const debtor = settings.debtorAccount;
  const lines: (DatevLine & { order: number })[] = [];
  for (const row of invoiceRows) {
    const cancellation = row.kind === 'cancellation';
    lines.push({
      order: 0,
      amountCents: Math.abs(row.grossCents),
      // the debtor owes the invoice (Soll) and is relieved by its cancellation (Haben); revenue the other way
      side: row.grossCents > 0 ? 'S' : 'H',
      account: debtor,
      contraAccount: settings.revenueAccounts[row.taxMode] ?? settings.revenueAccounts.vat_19,
      date: row.issueDate,
      beleg1: row.number,
      beleg2: row.orderNumber,
      text: cancellation
        ? `Storno zu ${row.corrects ?? ''} ${row.eventTitle}`
        : `Rechnung ${row.orderNumber} ${row.eventTitle}`,
      documentGuid: row.id,
    });
  }
  for (const row of paymentRows) {
    lines.push({
      order: 1,
      amountCents: row.amountCents,
      side: 'S',
      account: moneyAccount(settings, row.provider, row.method),
      contraAccount: debtor,
      date: row.day,
      beleg1: row.invoiceNumber ?? row.orderNumber,
      beleg2: row.orderNumber,
      text: `Zahlung ${methodName(row.provider, row.method)} ${row.orderNumber}`,
    });
  }
  for (const row of refundRows) {
    lines.push({
      order: 2,
      amountCents: row.amountCents,
      side: 'H',
      account: moneyAccount(settings, row.provider, row.method),
      contraAccount: debtor,
      date: row.day,
      beleg1: row.cancellationNumber ?? row.invoiceNumber ?? row.orderNumber,
      beleg2: row.orderNumber,
      text: `Erstattung ${methodName(row.provider, row.method)} ${row.orderNumber}`,
    });
  }
  for (const row of returnRows) {
    lines.push({
      order: 3,
      amountCents: row.amountCents,
      side: 'H',
      account: moneyAccount(settings, row.provider, row.method),
      contraAccount: debtor,
      date: row.day,
      beleg1: row.invoiceNumber ?? row.orderNumber,
      beleg2: row.orderNumber,
      text: `Rücklastschrift ${methodName(row.provider, row.method)} ${row.orderNumber}`,
    });
  }
  // stable: within a day and kind, the order of the queries (invoice number, creation)
  lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));
  return {
    lines: lines.map(({ order: _order, ...line }) => line),
    counts: {
      invoices: invoiceRows.filter((row) => row.kind === 'invoice').length,
      cancellations: invoiceRows.filter((row) => row.kind === 'cancellation').length,
      payments: paymentRows.length,
      refunds: refundRows.length,
      returns: returnRows.length,
    },
  };
}

/** Debit minus credit per account over the lines (what the preview shows and the tests add up). */
export function balances(lines: readonly DatevLine[]): Map<string, number> {
  const out = new Map<string, number>();
  const add = (account: string, cents: number) => out.set(account, (out.get(account) ?? 0) + cents);
  for (const line of lines) {
    const signed = line.side === 'S' ? line.amountCents : -line.amountCents;
    add(line.account, signed);
    add(line.contraAccount, -signed);
  }
  return out;
}
