import { eq } from 'drizzle-orm';
import { newsletterSubscriptions } from '../../db/schema';
import { AppError } from '../app-error';
import { enforceRateLimits } from '../auth/rate-limit';
import { enqueueMail } from '../mail/enqueue-mail';
import { newsletterWelcomeMail } from '../mail/templates/newsletter-welcome';
import { mailContextOf, type UseCaseDeps } from '../use-case-deps';
import { linkLimits } from './newsletter-limits';
import { hashConfirmToken, unsubscribeTokenFor, unsubscribeUrl } from './newsletter-tokens';

export const CONFIRM_INVALID_MESSAGE =
  'Der Bestätigungslink ist ungültig oder wurde bereits verwendet. Bitte melde dich erneut für den Newsletter an.';
export const CONFIRM_EXPIRED_MESSAGE =
  'Der Bestätigungslink ist abgelaufen. Bitte melde dich erneut für den Newsletter an.';

export interface ConfirmNewsletterOptions {
  /** The `confirm` parameter of the mail's link. */
  token: string;
  /** For the per-client limit (newsletter-limits.ts). */
  clientIp: string;
  now?: Date;
}

/**
 * Opens the double-opt-in link: the subscription becomes confirmed and the link is used up (its hash is
 * cleared in the same transaction, under a row lock, so two clicks at once confirm once). The welcome mail,
 * with the unsubscribe link, is written to the outbox in the same transaction; the outbox is woken after the
 * commit.
 */
export async function confirmNewsletter(
  deps: Pick<UseCaseDeps, 'database' | 'config' | 'settings' | 'outbox'>,
  { token, clientIp, now = new Date() }: ConfirmNewsletterOptions,
) {
  const { db } = deps.database;
  const secret = deps.config.appSecret;
  await enforceRateLimits(db, linkLimits(clientIp));
  const context = await mailContextOf(deps);
  const confirmed = await db.transaction(async (tx) => {
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
  deps.outbox.kick();
  return confirmed;
}
