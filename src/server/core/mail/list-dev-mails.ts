import { desc } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { mailOutbox } from '../../db/schema';
import type { DevMail } from '@shared/dev-mail';

export type { DevMail };

/** The newest mails of the outbox, whatever their send status: without SMTP, this is where they arrive. */
export async function listDevMails({ db, limit = 200 }: { db: Db; limit?: number }): Promise<DevMail[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html ?? '',
    // The content stays in the database: the mailbox lists attachments, it does not serve them.
    // A deferred attachment has no size until the outbox worker rendered it (a second or so).
    attachments: row.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      size: 'size' in a ? a.size : 0,
    })),
    createdAt: row.createdAt.toISOString(),
  }));
}
