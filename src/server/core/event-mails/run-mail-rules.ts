import { sql } from 'drizzle-orm';
import type { MailRuleAudience, MailRuleTrigger } from '@shared/mail-rules';
import type { Db } from '../../db/types';
import { mailRuleSends, type DeferredMailAttachment } from '../../db/schema';
import { enqueueMails } from '../mail/enqueue-mail';
import type { MailContext } from '../mail/templates/mail-context';
import { loadRecipients, renderEventMail } from './event-mail';
import { certificatesForMail } from '../certificates/certificates-for-mail';
import type { CertificateIssuer } from '../certificates/certificate-document';
import { hasNoCheckIn } from '../certificates/certificate-tickets';

/** A rule whose time passed longer ago than this is not caught up on (a server that was down for days). */
export const CATCH_UP_HOURS = 24;

/** A rule whose subject or text asks for the survey link goes only to events with the survey on. */
const FEEDBACK_PLACEHOLDER = '{feedback_link}';

type DueRule = {
  event_id: string;
  rule_id: string;
  trigger: MailRuleTrigger;
  audience: MailRuleAudience;
  subject: string;
  body: string;
  attach_ticket: boolean;
  attach_certificate: boolean;
  due: Date | string;
};

/**
 * One round of the scheduled mails (docs/product/event-mails.md#mail-rules): every rule in force for an event
 * (the global rules the event has no fassung of, and the event's own) whose time has come within the last
 * 24 hours, and that was there before its time, writes its mail to each ticket of its audience that has none
 * from it yet. A reminder skips tickets booked after its time: their confirmation carried the same facts
 * (docs/product/event-mails.md#late-bookings). Each event and rule is one transaction whose send-log rows (one
 * per ticket and rule, primary key) and mails commit together, so a mail is written once per ticket and rule
 * across restarts and app instances (docs/product/event-mails.md#exactly-once). Answers the mails written.
 */
export async function runMailRules(
  db: Db,
  options: {
    now: Date;
    mail: MailContext;
    signature?: string;
    issuer?: CertificateIssuer;
    /** the tickets' `{feedback_link}` (core/feedback/feedback-token.ts feedbackLinks) */
    feedbackLink?: (ticketId: string) => string;
  },
): Promise<number> {
  const { now, mail, signature } = options;
  const issuer = options.issuer ?? { name: mail.siteName, address: '' };
  const at = now.toISOString();
  const due = await db.execute<DueRule>(sql`
    SELECT e.id AS event_id, r.id AS rule_id, r.trigger, r.audience, r.subject, r.body, r.attach_ticket,
      r.attach_certificate, d.due
    FROM events e
    JOIN mail_rules r ON r.enabled AND (
      r.event_id = e.id
      OR (r.event_id IS NULL AND NOT EXISTS (
        SELECT 1 FROM mail_rules o WHERE o.event_id = e.id AND o.overrides_rule_id = r.id)))
    CROSS JOIN LATERAL (SELECT CASE WHEN r.trigger = 'before_start'
      THEN e.start_time - r.offset_minutes * interval '1 minute'
      ELSE e.end_time + r.offset_minutes * interval '1 minute' END AS due) d
    WHERE e.status IN ('published', 'completed')
      AND d.due <= ${at}::timestamptz
      AND d.due > ${at}::timestamptz - ${CATCH_UP_HOURS} * interval '1 hour'
      AND d.due >= r.created_at
      -- a rule attaching certificates only where the event has them on (docs/product/certificates.md#mail),
      -- one with the survey link only where the survey is on (docs/product/feedback.md#mail)
      AND (NOT r.attach_certificate OR EXISTS (
        SELECT 1 FROM certificate_settings cs WHERE cs.event_id = e.id AND cs.enabled))
      AND (strpos(r.subject || ' ' || r.body, ${FEEDBACK_PLACEHOLDER}) = 0 OR EXISTS (
        SELECT 1 FROM feedback_settings fs WHERE fs.event_id = e.id AND fs.enabled))
    ORDER BY d.due`);
  let written = 0;
  for (const rule of due.rows) {
    written += await db.transaction(async (tx) => {
      // certificates and the survey: an event where nobody was checked in had no door check-in, and every
      // active ticket counts as present (docs/product/certificates.md#who)
      const afterTheEvent =
        rule.attach_certificate || `${rule.subject} ${rule.body}`.includes(FEEDBACK_PLACEHOLDER);
      const everyone =
        afterTheEvent && rule.audience === 'checked_in' && (await hasNoCheckIn(tx, rule.event_id));
      const recipients = await loadRecipients(tx, {
        eventId: rule.event_id,
        audience: everyone ? undefined : rule.audience,
        createdUpTo: rule.trigger === 'before_start' ? new Date(rule.due) : undefined,
        notSentBy: rule.rule_id,
        feedbackLink: options.feedbackLink,
      });
      if (recipients.length === 0) return 0;
      const claimed = await tx
        .insert(mailRuleSends)
        .values(
          recipients.map((recipient) => ({
            ruleId: rule.rule_id,
            ticketId: recipient.ticketId,
            eventId: rule.event_id,
            to: recipient.to,
            sentAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ ticketId: mailRuleSends.ticketId });
      const mine = new Set(claimed.map((row) => row.ticketId));
      const certificateOf = rule.attach_certificate
        ? await certificatesForMail(tx, { eventId: rule.event_id, ticketIds: [...mine], issuer, now })
        : new Map<string, string>();
      await enqueueMails(
        tx,
        recipients
          .filter((recipient) => mine.has(recipient.ticketId))
          .map((recipient) => ({
            to: recipient.to,
            ...renderEventMail({
              context: mail,
              subject: rule.subject,
              body: rule.body,
              values: recipient.values,
              signature,
            }),
            deferredAttachments: attachmentsOf(rule, recipient, certificateOf.get(recipient.ticketId)),
          })),
      );
      return mine.size;
    });
  }
  return written;
}

/** The ticket's PDF and its certificate, as the rule asks (docs/product/certificates.md#mail). */
function attachmentsOf(
  rule: DueRule,
  recipient: { ticketId: string; values: { ticket_code: string } },
  certificateId: string | undefined,
): DeferredMailAttachment[] | undefined {
  const attachments: DeferredMailAttachment[] = [];
  if (rule.attach_ticket) {
    attachments.push({
      filename: `ticket-${recipient.values.ticket_code}.pdf`,
      contentType: 'application/pdf',
      render: { kind: 'ticket-pdf', ticketId: recipient.ticketId },
    });
  }
  if (certificateId) {
    attachments.push({
      filename: 'Teilnahmebescheinigung.pdf',
      contentType: 'application/pdf',
      render: { kind: 'certificate-pdf', certificateId },
    });
  }
  return attachments.length > 0 ? attachments : undefined;
}
