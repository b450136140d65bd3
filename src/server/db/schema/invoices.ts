import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InvoiceDocument, InvoiceKind } from '@shared/invoices';
import { bookings } from './bookings';
import { bytea } from './bytea';
import { createdAt, timestamptz } from './columns';
import { refunds } from './payments';

/**
 * The last invoice number of a year. Taken with `UPDATE … RETURNING` in the paying transaction: the row lock
 * orders concurrent payments and a rollback gives the number back, so numbers have no gaps
 * (docs/product/invoices.md#numbering).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * Invoices and cancellation invoices (docs/product/invoices.md). `document` is everything the invoice shows,
 * as issued; `pdf` is made from it at the first download and kept, so every download is the same bytes.
 * Kept when the buyer's account is deleted (bookings keep them; retention: decision 040).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    /** the refund a cancellation invoice documents */
    refundId: uuid('refund_id')
      .unique()
      .references(() => refunds.id, { onDelete: 'restrict' }),
    correctsInvoiceId: uuid('corrects_invoice_id'),
    issuedAt: timestamptz('issued_at').notNull(),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
    netCents: integer('net_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
    currency: text('currency').notNull(),
    pdf: bytea('pdf'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_one_per_booking')
      .on(t.bookingId)
      .where(sql`${t.kind} = 'invoice'`),
    index('invoices_issued_at_idx').on(t.issuedAt),
    index('invoices_booking_id_idx').on(t.bookingId),
    check('invoices_kind', sql`${t.kind} IN ('invoice', 'cancellation')`),
    check(
      'invoices_cancellation_refers',
      sql`${t.kind} = 'invoice' OR (${t.refundId} IS NOT NULL AND ${t.correctsInvoiceId} IS NOT NULL)`,
    ),
  ],
);
