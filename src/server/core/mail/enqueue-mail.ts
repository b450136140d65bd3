import type { OutgoingMail } from '../../adapters/mail/mail-transport';
import type { Db } from '../../db/types';
import { mailOutbox, type DeferredMailAttachment, type StoredMailAttachment } from '../../db/schema';

/** The database or a transaction of it: both can insert. */
export type MailWriter = Pick<Db, 'insert'>;

export type QueuedMail = OutgoingMail & {
  deferredAttachments?: DeferredMailAttachment[];
  secretUntil?: Date;
};

/** Most mails one INSERT writes (PostgreSQL allows 65,535 parameters; a mail row takes 6). */
const ROWS_PER_INSERT = 1000;

/**
 * Writes the mail into the outbox (docs/architecture.md#background-jobs). Call it with the transaction of the
 * change that causes the mail, so the mail exists exactly when the change does; the outbox worker sends it
 * later, with retries. Kick the worker after the transaction commits to send without waiting for its next
 * round. `secretUntil` marks a mail with a sign-in code or link: the worker blanks it after sending or
 * expiry.
 */
export async function enqueueMail(db: MailWriter, mail: QueuedMail): Promise<{ id: string }> {
  const [row] = await db.insert(mailOutbox).values(outboxRow(mail)).returning({ id: mailOutbox.id });
  return { id: row!.id };
}

/** enqueueMail for many mails at once (a rule's reminders to a whole event), in as few statements as fit. */
export async function enqueueMails(db: MailWriter, mails: QueuedMail[]): Promise<void> {
  for (let start = 0; start < mails.length; start += ROWS_PER_INSERT) {
    await db.insert(mailOutbox).values(mails.slice(start, start + ROWS_PER_INSERT).map(outboxRow));
  }
}

function outboxRow(mail: QueuedMail): typeof mailOutbox.$inferInsert {
  const attachments: StoredMailAttachment[] = (mail.attachments ?? []).map((attachment) => ({
    filename: attachment.filename,
    contentType: attachment.contentType,
    size: attachment.content.length,
    contentBase64: attachment.content.toString('base64'),
  }));
  attachments.push(...(mail.deferredAttachments ?? []));
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments,
    secretUntil: mail.secretUntil,
  };
}
