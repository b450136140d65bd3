import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { MAIL_RULE_AUDIENCES, MAIL_RULE_TRIGGERS } from '@shared/mail-rules';
import { createdAt, timestamptz, updatedAt } from './columns';
import { events } from './events';
import { profiles } from './profiles';
import { tickets } from './tickets';

const listed = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * A scheduled mail to an event's participants (docs/product/event-mails.md#mail-rules): global (event_id null)
 * for every event, or an event's own; an event's own rule with overrides_rule_id replaces that global rule for
 * the event (also to turn it off there).
 */
export const mailRules = pgTable(
  'mail_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    overridesRuleId: uuid('overrides_rule_id').references((): AnyPgColumn => mailRules.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    trigger: text('trigger', { enum: MAIL_RULE_TRIGGERS }).notNull(),
    offsetMinutes: integer('offset_minutes').notNull(),
    audience: text('audience', { enum: MAIL_RULE_AUDIENCES }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    attachTicket: boolean('attach_ticket').notNull().default(false),
    /** issues the ticket's 'Teilnahmebescheinigung' if it has none and attaches it (docs/product/certificates.md) */
    attachCertificate: boolean('attach_certificate').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('mail_rules_event_id_idx').on(t.eventId),
    uniqueIndex('mail_rules_one_override_idx')
      .on(t.eventId, t.overridesRuleId)
      .where(sql`${t.overridesRuleId} IS NOT NULL`),
    check('mail_rules_trigger', sql`${t.trigger} IN (${listed(MAIL_RULE_TRIGGERS)})`),
    check('mail_rules_audience', sql`${t.audience} IN (${listed(MAIL_RULE_AUDIENCES)})`),
    check('mail_rules_offset_range', sql`${t.offsetMinutes} BETWEEN 0 AND 129600`),
    check('mail_rules_override_has_event', sql`${t.overridesRuleId} IS NULL OR ${t.eventId} IS NOT NULL`),
  ],
);

/**
 * One mail of a rule to one ticket: the primary key makes it once per ticket and rule, across restarts and
 * app instances (docs/product/event-mails.md#exactly-once); the rows are the rule's send log.
 */
export const mailRuleSends = pgTable(
  'mail_rule_sends',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => mailRules.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ruleId, t.ticketId] }),
    index('mail_rule_sends_rule_sent_idx').on(t.ruleId, t.sentAt),
  ],
);

/** 'Nachricht an alle' (docs/product/event-mails.md#participant-message): who wrote what to how many. */
export const participantMessages = pgTable(
  'participant_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    recipients: integer('recipients').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('participant_messages_event_idx').on(t.eventId, t.createdAt)],
);
