import { and, asc, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { zipSync, type Zippable } from 'fflate';
import { invoiceFileName, type AdminInvoiceRow } from '@shared/invoices';
import type { Db } from '../../db/types';
import { bookings, events, invoices } from '../../db/schema';
import type { Actor } from '../actor';
import { AppError } from '../app-error';
import { csvCell, csvEuros as euros, csvLine, CSV_BOM } from '../csv/csv-cells';
import { renderInvoicePdf } from './invoice-pdf';

export const INVOICE_NOT_FOUND = 'Rechnung nicht gefunden.';

/**
 * An invoice's PDF for the buyer of its booking or an admin; anyone else gets the 404 of an invoice that does
 * not exist. Made from the stored document at the first download and kept: every later download is the
 * same bytes, whatever changed in the settings since (docs/product/invoices.md#never-changes).
 */
export async function invoicePdf(
  db: Db,
  invoiceId: string,
  user: Actor,
  siteName: string,
): Promise<{ body: Buffer; fileName: string }> {
  if (!/^[0-9a-f-]{36}$/i.test(invoiceId)) throw new AppError('not_found', INVOICE_NOT_FOUND);
  const [row] = await db
    .select({ invoice: invoices, profileId: bookings.profileId })
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .where(eq(invoices.id, invoiceId));
  if (!row || (user.role !== 'admin' && row.profileId !== user.id)) {
    throw new AppError('not_found', INVOICE_NOT_FOUND);
  }
  return { body: await keptPdf(db, row.invoice, siteName), fileName: invoiceFileName(row.invoice.number) };
}

async function keptPdf(db: Db, invoice: typeof invoices.$inferSelect, siteName: string): Promise<Buffer> {
  if (invoice.pdf) return invoice.pdf;
  const body = await renderInvoicePdf(invoice.document, { siteName });
  // the first download keeps its bytes; a concurrent first download made the same ones
  await db
    .update(invoices)
    .set({ pdf: body })
    .where(and(eq(invoices.id, invoice.id), isNull(invoices.pdf)));
  return body;
}

/** The PDF for the confirmation mail's attachment (the outbox worker renders it before sending). */
export async function invoicePdfForMail(db: Db, invoiceId: string, siteName: string): Promise<Buffer> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) throw new Error(`invoice ${invoiceId} not found`);
  return keptPdf(db, invoice, siteName);
}

export interface AdminInvoiceFilter {
  /** 'YYYY-MM' of the issue date */
  month?: string;
  eventId?: string;
}

function filterWhere(filter: AdminInvoiceFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.month) {
    const [year, month] = filter.month.split('-').map(Number) as [number, number];
    const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
    conditions.push(gte(sql`${invoices.document}->>'issueDate'`, `${filter.month}-01`));
    conditions.push(lt(sql`${invoices.document}->>'issueDate'`, `${next}-01`));
  }
  if (filter.eventId) conditions.push(eq(bookings.eventId, filter.eventId));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The admin's invoice list (docs/product/invoices.md#admin-list): newest first, by month of the issue date
 * and by event; each invoice with what its cancellation invoices took back.
 */
export async function listAdminInvoices(db: Db, filter: AdminInvoiceFilter): Promise<AdminInvoiceRow[]> {
  const refunded = sql<number>`coalesce((select -sum(c.gross_cents) from invoices c
    where c.corrects_invoice_id = ${invoices.id}), 0)::int`;
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      kind: invoices.kind,
      document: invoices.document,
      eventId: bookings.eventId,
      eventTitle: events.title,
      refundedCents: refunded,
    })
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(filterWhere(filter))
    .orderBy(desc(invoices.issuedAt), desc(invoices.number));
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    kind: row.kind,
    issueDate: row.document.issueDate,
    orderNumber: row.document.orderNumber,
    buyerName: row.document.buyer.name,
    buyerEmail: row.document.buyer.email,
    eventId: row.eventId,
    eventTitle: row.document.eventTitle || row.eventTitle,
    netCents: row.document.netCents,
    taxCents: row.document.taxCents,
    grossCents: row.document.grossCents,
    currency: row.document.currency,
    refundedCents: row.kind === 'invoice' ? row.refundedCents : 0,
    correctsNumber: row.document.corrects?.number ?? null,
  }));
}

export const INVOICE_CSV_HEADER = [
  'Rechnungsnummer',
  'Art',
  'Rechnungsdatum',
  'Bestellnummer',
  'Käufer',
  'E-Mail',
  'Event',
  'Netto',
  'USt',
  'Brutto',
  'Währung',
  'Storniert',
  'Korrigiert Rechnung',
];

/** The accountant's CSV (semicolons, decimal commas, a BOM; docs/product/invoices.md#admin-list). */
export async function adminInvoicesCsv(db: Db, filter: AdminInvoiceFilter): Promise<string> {
  const rows = await listAdminInvoices(db, filter);
  const lines = rows
    .slice()
    .reverse()
    .map(
      (row) =>
        // amounts are numbers the shop made, written as they are: csvCell would guard a leading '-'
        [
          ...[row.number, row.kind === 'invoice' ? 'Rechnung' : 'Stornorechnung', row.issueDate].map(csvCell),
          ...[row.orderNumber, row.buyerName, row.buyerEmail, row.eventTitle].map(csvCell),
          euros(row.netCents),
          euros(row.taxCents),
          euros(row.grossCents),
          csvCell(row.currency),
          euros(row.refundedCents),
          csvCell(row.correctsNumber),
        ].join(';') + '\r\n',
    );
  return CSV_BOM + csvLine(INVOICE_CSV_HEADER) + lines.join('');
}

/**
 * A month's invoices and cancellation invoices as one ZIP of their kept PDFs, each named by its number
 * (docs/product/invoices.md#admin-list); a PDF not downloaded yet is made and kept here, as at its first
 * download (docs/product/invoices.md#never-changes).
 */
export async function adminInvoicesZip(
  db: Db,
  filter: AdminInvoiceFilter & { month: string },
  siteName: string,
): Promise<{ body: Uint8Array; fileName: string }> {
  const rows = await db
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .where(filterWhere(filter))
    .orderBy(asc(invoices.number));
  const files: Zippable = {};
  for (const { invoice } of rows) {
    // PDFs are compressed already: stored, not deflated; the issue time as the entry's time
    files[invoiceFileName(invoice.number)] = [
      await keptPdf(db, invoice, siteName),
      { level: 0, mtime: invoice.issuedAt },
    ];
  }
  return { body: zipSync(files, { level: 0 }), fileName: `Rechnungen-${filter.month}.zip` };
}
