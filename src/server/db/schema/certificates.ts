import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CertificateDocument, CertificateStatus, CertificateUnit } from '@shared/certificates';
import { createdAt, timestamptz, updatedAt } from './columns';
import { events } from './events';
import { profiles } from './profiles';
import { tickets } from './tickets';
import { bytea } from './bytea';

/**
 * An event's 'Teilnahmebescheinigung' as the admin filled it (docs/product/certificates.md): switched on per
 * event; what the certificates of the event say. `signature_key` names the re-encoded signature image in the
 * file storage.
 */
export const certificateSettings = pgTable(
  'certificate_settings',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    content: text('content').notNull().default(''),
    /** one topic per line */
    topics: text('topics').notNull().default(''),
    amount: numeric('amount', { precision: 6, scale: 2 }),
    unit: text('unit').$type<CertificateUnit>().notNull().default('ue'),
    leaderName: text('leader_name').notNull().default(''),
    leaderRole: text('leader_role').notNull().default(''),
    signatureKey: text('signature_key'),
    accreditation: text('accreditation').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('certificate_settings_unit', sql`${t.unit} IN ('ue', 'hours')`),
    check(
      'certificate_settings_amount',
      sql`${t.amount} IS NULL OR (${t.amount} > 0 AND ${t.amount} <= 1000)`,
    ),
  ],
);

/**
 * One issued certificate of a ticket (docs/product/certificates.md). `document` is everything it shows, as
 * issued; `code` is the public check code of `/bescheinigung/{code}`. A ticket has at most one valid
 * certificate; a reissue marks the old one 'replaced' and points it to the new one.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    status: text('status').$type<CertificateStatus>().notNull().default('valid'),
    holderName: text('holder_name').notNull(),
    document: jsonb('document').$type<CertificateDocument>().notNull(),
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
    issuedBy: text('issued_by').references(() => profiles.id, { onDelete: 'set null' }),
    revokedAt: timestamptz('revoked_at'),
    revokedBy: text('revoked_by').references(() => profiles.id, { onDelete: 'set null' }),
    replacedById: uuid('replaced_by_id'),
    /** made at the first download and kept, so every download is the same bytes */
    pdf: bytea('pdf'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('certificates_one_valid_per_ticket')
      .on(t.ticketId)
      .where(sql`${t.status} = 'valid'`),
    index('certificates_event_id_idx').on(t.eventId),
    index('certificates_ticket_id_idx').on(t.ticketId),
    check('certificates_status', sql`${t.status} IN ('valid', 'revoked', 'replaced')`),
    check('certificates_code_format', sql`${t.code} ~ '^[A-Z2-9]{12}$'`),
  ],
);
