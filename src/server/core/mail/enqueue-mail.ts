import type { OutgoingMail } from '../../adapters/mail/mail-transport';
import type { Db } from '../../db/types';
import { mailOutbox, type DeferredMailAttachment, type StoredMailAttachment } from '../../db/schema';

/** The database or a transaction of it: both can insert. */
export type MailWriter = Pick<Db, 'insert'>;

/**
 * Writes the mail into the outbox (docs/architecture.md#background-jobs). Call it with the transaction of the
 * change that causes the mail, so the mail exists exactly when the change does; the outbox worker sends it
 * later, with retries. Kick the worker after the transaction commits to send without waiting for its next
 * round. `secretUntil` marks a mail with a sign-in code or link: the worker blanks it after sending or
 * expiry.
 */
export async function enqueueMail(
  db: MailWriter,
  mail: OutgoingMail & { deferredAttachments?: DeferredMailAttachment[]; secretUntil?: Date },
): Promise<{ id: string }> {
  const attachments: StoredMailAttachment[] = (mail.attachments ?? []).map((attachment) => ({
    filename: attachment.filename,
    contentType: attachment.contentType,
    size: attachment.content.length,
    contentBase64: attachment.content.toString('base64'),
  }));
  attachments.push(...(mail.deferredAttachments ?? []));
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments,
      secretUntil: mail.secretUntil,
    })
    .returning({ id: mailOutbox.id });
  return { id: row!.id };
}
