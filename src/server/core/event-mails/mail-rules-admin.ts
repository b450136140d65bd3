import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  MAIL_RULE_MESSAGES,
  type MailPreview,
  type MailPreviewInput,
  type MailRule,
  type MailRuleInput,
  type MailRuleList,
  type MailRuleLog,
} from '@shared/mail-rules';
import type { Db } from '../../db/types';
import { events, mailRules, mailRuleSends, tickets } from '../../db/schema';
import { AppError } from '../app-error';
import { isUniqueViolation } from '../../db/unique-violation';
import type { MailContext } from '../mail/templates/mail-context';
import { sampleFeedbackLink } from '../feedback/feedback-token';
import { loadRecipients, renderEventMail, SAMPLE_VALUES } from './event-mail';

// The admin's rules of scheduled mails (docs/product/event-mails.md#mail-rules): list, create, change, delete,
// their send log, and a preview with a real ticket.

type RuleRow = typeof mailRules.$inferSelect;
const isUuid = (value: string) => z.uuid().safeParse(value).success;
const notFound = () => new AppError('not_found', MAIL_RULE_MESSAGES.notFound);

const sendStats = {
  sentCount: sql<number>`(SELECT count(*)::int FROM mail_rule_sends s WHERE s.rule_id = ${mailRules.id})`,
  lastSentAt: sql<
    Date | string | null
  >`(SELECT max(s.sent_at) FROM mail_rule_sends s WHERE s.rule_id = ${mailRules.id})`,
};

function toMailRule(row: RuleRow & { sentCount: number; lastSentAt: Date | string | null }): MailRule {
  return {
    id: row.id,
    name: row.name,
    trigger: row.trigger,
    offsetMinutes: row.offsetMinutes,
    audience: row.audience,
    subject: row.subject,
    body: row.body,
    attachTicket: row.attachTicket,
    attachCertificate: row.attachCertificate,
    enabled: row.enabled,
    eventId: row.eventId,
    overridesRuleId: row.overridesRuleId,
    sentCount: Number(row.sentCount),
    lastSentAt: row.lastSentAt ? new Date(row.lastSentAt).toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The global rules, and with an event its own rules and fassungen, oldest first. */
export async function listMailRules(db: Db, eventId?: string): Promise<MailRuleList> {
  if (eventId !== undefined && !isUuid(eventId))
    throw new AppError('not_found', MAIL_RULE_MESSAGES.eventNotFound);
  const rows = await db
    .select({ ...getColumns(), ...sendStats })
    .from(mailRules)
    .where(
      eventId ? or(isNull(mailRules.eventId), eq(mailRules.eventId, eventId)) : isNull(mailRules.eventId),
    )
    .orderBy(mailRules.createdAt, mailRules.id);
  return { rules: rows.map(toMailRule) };
}

const getColumns = () => ({
  id: mailRules.id,
  eventId: mailRules.eventId,
  overridesRuleId: mailRules.overridesRuleId,
  name: mailRules.name,
  trigger: mailRules.trigger,
  offsetMinutes: mailRules.offsetMinutes,
  audience: mailRules.audience,
  subject: mailRules.subject,
  body: mailRules.body,
  attachTicket: mailRules.attachTicket,
  attachCertificate: mailRules.attachCertificate,
  enabled: mailRules.enabled,
  createdAt: mailRules.createdAt,
  updatedAt: mailRules.updatedAt,
});

async function loadRule(db: Db, id: string): Promise<MailRule> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select({ ...getColumns(), ...sendStats })
    .from(mailRules)
    .where(eq(mailRules.id, id));
  if (!row) throw notFound();
  return toMailRule(row);
}

type ParsedInput = Omit<MailRuleInput, 'eventId' | 'overridesRuleId'> & {
  eventId?: string | null;
  overridesRuleId?: string | null;
};

/**
 * A new rule: global, an event's own, or an event's fassung of a global rule (which then replaces it for that
 * event, docs/product/event-mails.md#event-override).
 */
export async function createMailRule(db: Db, input: ParsedInput): Promise<MailRule> {
  const { eventId = null, overridesRuleId = null, ...fields } = input;
  if (eventId) {
    const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
    if (!event) throw new AppError('not_found', MAIL_RULE_MESSAGES.eventNotFound);
  }
  if (overridesRuleId) {
    const [global] = await db
      .select({ id: mailRules.id })
      .from(mailRules)
      .where(and(eq(mailRules.id, overridesRuleId), isNull(mailRules.eventId)));
    if (!global || !eventId) throw notFound();
  }
  try {
    const [row] = await db
      .insert(mailRules)
      .values({ ...fields, eventId, overridesRuleId: eventId ? overridesRuleId : null })
      .returning({ id: mailRules.id });
    return loadRule(db, row!.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', MAIL_RULE_MESSAGES.overrideExists);
    throw error;
  }
}

/** Changes a rule's fields; which event it belongs to stays. */
export async function updateMailRule(db: Db, id: string, input: ParsedInput): Promise<MailRule> {
  if (!isUuid(id)) throw notFound();
  const { eventId: _eventId, overridesRuleId: _overrides, ...fields } = input;
  const changed = await db
    .update(mailRules)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(mailRules.id, id))
    .returning({ id: mailRules.id });
  if (changed.length === 0) throw notFound();
  return loadRule(db, id);
}

/** Deletes a rule with its log; deleting an event's fassung brings the global rule back for it. */
export async function deleteMailRule(db: Db, id: string): Promise<{ message: string }> {
  if (!isUuid(id)) throw notFound();
  const deleted = await db.delete(mailRules).where(eq(mailRules.id, id)).returning({ id: mailRules.id });
  if (deleted.length === 0) throw notFound();
  return { message: MAIL_RULE_MESSAGES.deleted };
}

/** The rule's send log, newest first (docs/product/event-mails.md#exactly-once). */
export async function mailRuleLog(db: Db, id: string, limit = 200): Promise<MailRuleLog> {
  await loadRule(db, id);
  const entries = await db
    .select({
      eventId: mailRuleSends.eventId,
      eventTitle: events.title,
      ticketNumber: tickets.ticketNumber,
      to: mailRuleSends.to,
      sentAt: mailRuleSends.sentAt,
    })
    .from(mailRuleSends)
    .innerJoin(events, eq(events.id, mailRuleSends.eventId))
    .innerJoin(tickets, eq(tickets.id, mailRuleSends.ticketId))
    .where(eq(mailRuleSends.ruleId, id))
    .orderBy(desc(mailRuleSends.sentAt))
    .limit(limit);
  const total = await db.$count(mailRuleSends, eq(mailRuleSends.ruleId, id));
  return {
    total,
    entries: entries.map((entry) => ({
      eventId: entry.eventId,
      eventTitle: entry.eventTitle,
      ticketCode: entry.ticketNumber.slice(-4),
      to: entry.to,
      sentAt: entry.sentAt.toISOString(),
    })),
  };
}

/**
 * The mail as its first recipient would get it: the event's first active ticket fills the placeholders, or a
 * sample ticket when there is none (docs/product/event-mails.md#placeholders).
 */
export async function previewEventMail(
  db: Db,
  input: Pick<MailPreviewInput, 'subject' | 'body'> & { eventId?: string | null },
  options: { mail: MailContext; signature?: string },
): Promise<MailPreview> {
  const [first] = input.eventId ? await loadRecipients(db, { eventId: input.eventId, limit: 1 }) : [];
  // docs/product/feedback.md#mail: a preview never shows a person's working survey link
  const values = {
    ...(first?.values ?? SAMPLE_VALUES),
    feedback_link: sampleFeedbackLink(options.mail.publicUrl),
  };
  const content = renderEventMail({
    context: options.mail,
    subject: input.subject,
    body: input.body,
    values,
    signature: options.signature,
  });
  return {
    subject: content.subject,
    text: content.text,
    html: content.html,
    sample: first ? first.to : 'Beispielticket',
  };
}
