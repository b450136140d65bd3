import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';

export const mailStatus = pgEnum('mail_status', ['pending', 'sent', 'failed']);

/** Kept whole (content included) so a retry after a restart can still send it. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  size: number;
  contentBase64: string;
}

/**
 * An attachment the outbox worker renders just before the first send (ticket PDFs, calendar files), so
 * the transaction that confirms a booking never waits for a renderer while it holds row locks. The worker
 * writes the rendered content back into the row; from then on it is a plain MailAttachment.
 */
export interface DeferredMailAttachment {
  filename: string;
  contentType: string;
  render:
    | { kind: 'booking-tickets-pdf' | 'booking-ics'; bookingId: string }
    /** One ticket's PDF: the mail to a substitute (docs/product/tickets-and-refunds.md#ticket-transfer). */
    | { kind: 'ticket-pdf'; ticketId: string }
    /** The booking's invoice, kept as issued (docs/product/invoices.md#buyer). */
    | { kind: 'invoice-pdf'; invoiceId: string }
    /** A certificate of attendance, kept as issued (docs/product/certificates.md#mail). */
    | { kind: 'certificate-pdf'; certificateId: string };
}

export type StoredMailAttachment = MailAttachment | DeferredMailAttachment;

/**
 * Mails are written here in the same transaction as the change that causes them
 * (docs/architecture.md#background-jobs), then sent by the outbox worker with retries. Without SMTP the dev
 * mailbox (/api/dev/mails) reads these rows. 'failed' means retries are exhausted; a failed attempt that will
 * be retried stays 'pending'.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<StoredMailAttachment[]>().notNull().default([]),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    /**
     * Set for mails that carry a sign-in code or link: until then the secret is worth something. The outbox
     * worker blanks subject and bodies once SMTP took the mail, and in any mode once this time has passed
     * (docs/decisions/017-input-edge-and-leaks.md). NULL for other mails and after blanking.
     */
    secretUntil: timestamptz('secret_until'),
    /**
     * The recipient's account was deleted while this mail waited: the worker deletes the row once it is sent
     * or given up, so the address leaves the database with it
     * (docs/product/accounts-and-consent.md#account-deletion).
     */
    eraseAfterSend: boolean('erase_after_send').notNull().default(false),
  },
  (t) => [
    index('mail_outbox_status_next_attempt_at_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_at_idx').on(t.createdAt),
    index('mail_outbox_secret_until_idx')
      .on(t.secretUntil)
      .where(sql`${t.secretUntil} is not null`),
    check('mail_outbox_attempts_non_negative', sql`${t.attempts} >= 0`),
  ],
);
