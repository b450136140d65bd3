import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
    attachments: row.attachments.map(({ filename, contentType, size }) => ({ filename, contentType, size })),
    createdAt: row.createdAt.toISOString(),
  }));
}
