import { desc, eq, sql } from 'drizzle-orm';
import {
  MAIL_RULE_MESSAGES,
  type ParticipantMessageLog,
  type ParticipantMessagePreview,
  type ParticipantMessageResult,
} from '@shared/mail-rules';
import type { Actor } from '../actor';
import { AppError } from '../app-error';
import type { DbOrTx } from '../../db/types';
import { participantMessages, profiles } from '../../db/schema';
import { enqueueMails } from '../mail/enqueue-mail';
import { assertFeedbackLinkUsable } from '../feedback/feedback-results';
import { feedbackLinks, sampleFeedbackLink } from '../feedback/feedback-token';
import { mailContextFrom } from '../mail/templates/mail-context';
import { assertMayRunEvent } from '../participants/assert-may-run-event';
import type { UseCaseDeps } from '../use-case-deps';
import { loadRecipients, renderEventMail, SAMPLE_VALUES, type EventMailRecipient } from './event-mail';
import { mailSignatureOf } from './mail-signature';

// 'Nachricht an alle' from the participant list (docs/product/event-mails.md#participant-message): an admin
// or the event's organizer writes to the holders of the event's active tickets, or of those chosen.

/** Subject and text as validated by participantMessageSchema (@shared/mail-rules). */
export interface ParticipantMessageText {
  subject: string;
  body: string;
  ticketIds?: string[];
}

type Deps = Pick<UseCaseDeps, 'database' | 'settings' | 'config' | 'outbox'>;

/**
 * One recipient per address (a buyer with three tickets gets one mail, filled from their first ticket);
 * addresses differing only in case are the same mailbox.
 */
function onePerAddress(recipients: EventMailRecipient[]): EventMailRecipient[] {
  const seen = new Set<string>();
  return recipients.filter((recipient) => {
    const key = recipient.to.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The persons the message goes to: the event's active tickets (of those chosen), one per address. */
async function recipientsOf(
  db: DbOrTx,
  eventId: string,
  ticketIds: string[] | undefined,
  feedbackLink?: (ticketId: string) => string,
) {
  if (ticketIds?.length === 0) return [];
  const chosen = ticketIds ? [...new Set(ticketIds)] : undefined;
  return onePerAddress(await loadRecipients(db, { eventId, ticketIds: chosen, feedbackLink }));
}

/**
 * Sends the message: the mails and the log row commit together in one transaction, so a failure leaves
 * nothing behind; the outbox is woken after the commit. Tickets named in `ticketIds` that are not active
 * tickets of this event are ignored: the message never reaches another event's holders. Without anyone to
 * write to: 409.
 */
export async function sendParticipantMessage(
  deps: Deps,
  options: { actor: Actor; eventId: string; input: ParticipantMessageText },
): Promise<ParticipantMessageResult> {
  const { actor, eventId, input } = options;
  const { db } = deps.database;
  await assertMayRunEvent(db, actor, eventId);
  await assertFeedbackLinkUsable(db, eventId, [input.subject, input.body]);
  const settings = await deps.settings.get();
  const context = mailContextFrom(settings, deps.config);
  const signature = mailSignatureOf(settings);

  const recipients = await db.transaction(async (tx) => {
    const found = await recipientsOf(tx, eventId, input.ticketIds, feedbackLinks(deps.config));
    if (found.length === 0) throw new AppError('conflict', MAIL_RULE_MESSAGES.noRecipients);
    await enqueueMails(
      tx,
      found.map((recipient) => ({
        to: recipient.to,
        ...renderEventMail({
          context,
          subject: input.subject,
          body: input.body,
          values: recipient.values,
          signature,
        }),
      })),
    );
    await tx.insert(participantMessages).values({
      eventId,
      actorId: actor.id,
      subject: input.subject,
      body: input.body,
      recipients: found.length,
    });
    return found.length;
  });
  deps.outbox.kick();
  return { recipients, message: MAIL_RULE_MESSAGES.messageSent(recipients) };
}

/**
 * The message as its first recipient would get it, filled from a sample ticket when nobody has one, and how
 * many persons it would reach now (the client asks 'An {n} Personen senden?' with it).
 */
export async function previewParticipantMessage(
  deps: Pick<UseCaseDeps, 'database' | 'settings' | 'config'>,
  options: { actor: Actor; eventId: string; input: ParticipantMessageText },
): Promise<ParticipantMessagePreview> {
  const { actor, eventId, input } = options;
  const { db } = deps.database;
  await assertMayRunEvent(db, actor, eventId);
  const recipients = await recipientsOf(db, eventId, input.ticketIds);
  const [first] = recipients;
  const settings = await deps.settings.get();
  const content = renderEventMail({
    context: mailContextFrom(settings, deps.config),
    subject: input.subject,
    body: input.body,
    // docs/product/feedback.md#mail: a preview never shows a person's working survey link
    values: { ...(first?.values ?? SAMPLE_VALUES), feedback_link: sampleFeedbackLink(deps.config.publicUrl) },
    signature: mailSignatureOf(settings),
  });
  return {
    subject: content.subject,
    text: content.text,
    html: content.html,
    sample: first ? first.to : 'Beispielticket',
    recipients: recipients.length,
  };
}

/** The messages sent to the event's participants, newest first (the last 50). */
export async function listParticipantMessages(
  db: DbOrTx,
  actor: Actor,
  eventId: string,
): Promise<ParticipantMessageLog> {
  await assertMayRunEvent(db, actor, eventId);
  const rows = await db
    .select({
      id: participantMessages.id,
      subject: participantMessages.subject,
      recipients: participantMessages.recipients,
      createdAt: participantMessages.createdAt,
      actorName: sql<
        string | null
      >`coalesce(nullif(${profiles.fullName}, ''), nullif(${profiles.displayName}, ''), ${profiles.email})`,
    })
    .from(participantMessages)
    .leftJoin(profiles, eq(profiles.id, participantMessages.actorId))
    .where(eq(participantMessages.eventId, eventId))
    .orderBy(desc(participantMessages.createdAt), desc(participantMessages.id))
    .limit(50);
  return {
    messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
