import { and, eq, ne, sql } from 'drizzle-orm';
import { isSimpleEmail, PROFILE_MESSAGES, sameEmail } from '@shared/profile';
import type { Db, DbOrTx } from '../../db/types';
import { user, verification } from '../../db/schema';
import { AppError } from '../app-error';
import { enqueueMail } from '../mail/enqueue-mail';
import { emailChangeMail } from '../mail/templates/email-change';
import { emailChangeNoticeMail } from '../mail/templates/email-change-notice';
import { emailChangeTakenMail } from '../mail/templates/email-change-taken';
import type { MailContext } from '../mail/templates/mail-context';
import { EMAIL_CHANGE_HOURS_VALID, emailChangeIdentifier, newEmailChangeToken } from './email-change-token';

export const EMAIL_IN_USE_MESSAGE = 'Diese E-Mail-Adresse wird bereits von einem anderen Konto verwendet.';

/** Another account than userId signs in with this address (lower case) already. */
export async function emailTakenByOther(db: DbOrTx, email: string, userId: string): Promise<boolean> {
  const taken = await db
    .select({ id: user.id })
    .from(user)
    .where(and(sql`lower(${user.email}) = ${email}`, ne(user.id, userId)))
    .limit(1);
  return taken.length > 0;
}

export interface RequestEmailChangeOptions {
  db: Db;
  userId: string;
  newEmail: string;
  /** Branding and public URL of the mail; the link is {publicUrl}/profile/email?change={token}. */
  mailContext: MailContext;
  now?: Date;
}

/** The confirmation page. `change`, not `token`: any URL with `token` or `code` is a magic link (routes.ts). */
export const emailChangeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/profile/email?change=${encodeURIComponent(token)}`;

/**
 * Starts an e-mail change: the new address gets a single-use link, valid 24 hours; the address changes only
 * when it is opened (confirm-email-change.ts). A new request replaces an older pending one. The mails are
 * written to the outbox in the same transaction as the pending change.
 *
 * The answer, and what the profile shows as pending, is the same whether the address already belongs to
 * another account or not, so the form cannot be used to find out who has an account: a taken address gets
 * a mail saying so instead of the link (docs/decisions/017-input-edge-and-leaks.md). The current address
 * is told of the request either way.
 */
export async function requestEmailChange(options: RequestEmailChangeOptions): Promise<{ pending: boolean }> {
  const { db, userId, mailContext, now = new Date() } = options;
  const newEmail = options.newEmail.trim();
  if (!isSimpleEmail(newEmail)) throw new AppError('validation_failed', PROFILE_MESSAGES.email);
  const email = newEmail.toLowerCase();

  return db.transaction(async (tx) => {
    const [current] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (!current) throw new AppError('not_found', 'Benutzer nicht gefunden.');
    const identifier = emailChangeIdentifier(userId);
    await tx.delete(verification).where(eq(verification.identifier, identifier));
    // Back to the current address: nothing to confirm, and an older pending change is dropped.
    if (sameEmail(current.email, email)) return { pending: false };

    const taken = await emailTakenByOther(tx, email, userId);
    // Pending in both cases; for a taken address nobody gets the token, and confirming would refuse it.
    const { id, token, value } = newEmailChangeToken(email);
    const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_HOURS_VALID * 3600_000);
    await tx.insert(verification).values({ id, identifier, value, expiresAt });
    const mail = taken
      ? emailChangeTakenMail({ context: mailContext, email })
      : {
          ...emailChangeMail({
            context: mailContext,
            url: emailChangeUrl(mailContext.publicUrl, token),
            newEmail: email,
          }),
          secretUntil: expiresAt,
        };
    await enqueueMail(tx, { to: email, ...mail });
    await enqueueMail(tx, {
      to: current.email,
      ...emailChangeNoticeMail({ context: mailContext, newEmail: email }),
    });
    return { pending: true };
  });
}
