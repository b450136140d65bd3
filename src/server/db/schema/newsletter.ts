import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { NEWSLETTER_SOURCES } from '@shared/newsletter';
import { createdAt, timestamptz, updatedAt, type JsonObject } from './columns';

/** `'a', 'b'`: a list of constant words as SQL literals (the words are ours, never input). */
const sqlList = (words: readonly string[]) => words.map((word) => `'${word}'`).join(', ');

/**
 * Every form submission as sent, with where it came from
 * (docs/product/accounts-and-consent.md#newsletter-form).
 */
export const newsletterCaptures = pgTable(
  'newsletter_captures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    source: text('source').notNull(),
    /** timestamp and user agent of the submission */
    metadata: jsonb('metadata').$type<JsonObject>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    check('newsletter_captures_source', sql`${t.source} IN (${sql.raw(sqlList(NEWSLETTER_SOURCES))})`),
    index('newsletter_captures_email_idx').on(t.email),
  ],
);

export const newsletterStatus = pgEnum('newsletter_status', ['pending', 'confirmed', 'unsubscribed']);

/**
 * Newsletter only by double opt-in (docs/product/accounts-and-consent.md#newsletter-double-opt-in). One row
 * per address (stored lowercased); a capture creates or refreshes a pending row and mails a confirmation link
 * whose token is stored only as a hash.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    status: newsletterStatus('status').notNull().default('pending'),
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmTokenExpiresAt: timestamptz('confirm_token_expires_at'),
    /** The wording the person agreed to, kept as proof of consent. */
    consentText: text('consent_text'),
    /**
     * Consents are stored with version, text and time
     * (docs/product/accounts-and-consent.md#consent-recorded).
     */
    consentVersion: text('consent_version'),
    /** When the form with the consent text was sent; confirmed_at is when the link proved the address. */
    consentedAt: timestamptz('consented_at'),
    source: text('source'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    confirmedAt: timestamptz('confirmed_at'),
    unsubscribedAt: timestamptz('unsubscribed_at'),
  },
  (t) => [check('newsletter_subscriptions_email_lowercase', sql`${t.email} = lower(${t.email})`)],
);
