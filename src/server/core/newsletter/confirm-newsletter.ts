import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsletterSubscriptions } from '../../db/schema';
import { AppError } from '../app-error';
import { enqueueMail } from '../mail/enqueue-mail';
import type { MailContext } from '../mail/templates/mail-context';
import { newsletterWelcomeMail } from '../mail/templates/newsletter-welcome';
import { hashConfirmToken, unsubscribeTokenFor, unsubscribeUrl } from './newsletter-tokens';

export const CONFIRM_INVALID_MESSAGE =
  'Der Bestätigungslink ist ungültig oder wurde bereits verwendet. Bitte melde dich erneut für den Newsletter an.';
export const CONFIRM_EXPIRED_MESSAGE =
  'Der Bestätigungslink ist abgelaufen. Bitte melde dich erneut für den Newsletter an.';

export interface ConfirmNewsletterOptions {
  db: Db;
  secret: string;
  context: MailContext;
  /** The `confirm` parameter of the mail's link. */
  token: string;
  now?: Date;
}

/**
 * Opens the double-opt-in link: the subscription becomes confirmed and the link is used up (its hash is
 * cleared in the same transaction, under a row lock, so two clicks at once confirm once). The welcome mail,
 * with the unsubscribe link, is written to the outbox in the same transaction.
 */
export async function confirmNewsletter({
  db,
  secret,
  context,
  token,
  now = new Date(),
}: ConfirmNewsletterOptions) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.confirmTokenHash, hashConfirmToken(token)))
      .for('update');
    if (!row || row.status !== 'pending') throw new AppError('token_invalid', CONFIRM_INVALID_MESSAGE);
    if (!row.confirmTokenExpiresAt || row.confirmTokenExpiresAt <= now) {
      throw new AppError('token_invalid', CONFIRM_EXPIRED_MESSAGE);
    }
    await tx
      .update(newsletterSubscriptions)
      .set({
        status: 'confirmed',
        confirmedAt: now,
        unsubscribedAt: null,
        confirmTokenHash: null,
        confirmTokenExpiresAt: null,
      })
      .where(eq(newsletterSubscriptions.id, row.id));
    const mail = newsletterWelcomeMail({
      context,
      unsubscribeUrl: unsubscribeUrl(context.publicUrl, unsubscribeTokenFor(secret, row.id)),
    });
    await enqueueMail(tx, { to: row.email, ...mail });
    return { email: row.email };
  });
}
