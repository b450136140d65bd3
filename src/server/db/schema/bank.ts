import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './accounts';
import { bookings } from './bookings';
import { createdAt, timestamptz, type JsonObject } from './columns';

/** One uploaded bank statement file (docs/product/bank-transfer.md#statement-import). */
export const bankStatementImports = pgTable('bank_statement_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  fileName: text('file_name').notNull(),
  /** 'camt053', 'mt940' or 'csv' */
  format: text('format').notNull(),
  importedBy: text('imported_by').references(() => user.id, { onDelete: 'set null' }),
  linesTotal: integer('lines_total').notNull(),
  /** lines not seen in an earlier import */
  linesNew: integer('lines_new').notNull(),
  createdAt: createdAt(),
});

export const BANK_LINE_STATUSES = ['matched', 'partial', 'overpaid', 'unmatched', 'ignored'] as const;
export type BankLineStatus = (typeof BANK_LINE_STATUSES)[number];

/**
 * One booked line of a statement. `dedupe_key` (the bank's own entry reference, else a hash of account,
 * date, amount, counterparty and remittance text) makes a second import of the same file credit nothing
 * twice (docs/product/bank-transfer.md#idempotent-import). Amounts in cents, negative for outgoing lines.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    importId: uuid('import_id')
      .notNull()
      .references(() => bankStatementImports.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key').notNull().unique(),
    bookedOn: date('booked_on').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    counterpartyName: text('counterparty_name').notNull().default(''),
    counterpartyIban: text('counterparty_iban').notNull().default(''),
    remittance: text('remittance').notNull().default(''),
    status: text('status').$type<BankLineStatus>().notNull(),
    /** what the line paid beyond the bookings it matched (overpaid) */
    excessCents: integer('excess_cents').notNull().default(0),
    /** when the admin marked the excess paid back (docs/product/bank-transfer.md#refunds) */
    excessRefundedAt: timestamptz('excess_refunded_at'),
    /** the admin who matched it by hand; null for automatic matches */
    matchedBy: text('matched_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('bank_statement_lines_status_idx').on(t.status, t.bookedOn),
    check(
      'bank_statement_lines_status',
      sql`${t.status} IN ('matched', 'partial', 'overpaid', 'unmatched', 'ignored')`,
    ),
  ],
);

/** What a statement line credited to a booking; one line may pay several bookings. */
export const bankCredits = pgTable(
  'bank_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => bankStatementLines.id, { onDelete: 'restrict' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('bank_credits_booking_id_idx').on(t.bookingId),
    index('bank_credits_line_id_idx').on(t.lineId),
    check('bank_credits_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * What an admin did by hand to a booking's transfer payment (docs/product/bank-transfer.md#admin-actions):
 * 'extend_due' (detail: from, to) and 'mark_paid', and paying back owed refunds ('refund_paid').
 */
export const paymentActions = pgTable(
  'payment_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<JsonObject>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_actions_booking_id_idx').on(t.bookingId),
    check(
      'payment_actions_action',
      sql`${t.action} IN ('extend_due', 'mark_paid', 'refund_paid', 'reconcile', 'retry_refund')`,
    ),
  ],
);
