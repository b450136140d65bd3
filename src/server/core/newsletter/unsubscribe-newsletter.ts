import { and, eq, inArray, sql } from 'drizzle-orm';
import { consents, newsletterSubscriptions, user, userNotificationPreferences } from '../../db/schema';
import { AppError } from '../app-error';
import { enforceRateLimits } from '../auth/rate-limit';
import type { UseCaseDeps } from '../use-case-deps';
import { linkLimits } from './newsletter-limits';
import { subscriptionIdOf } from './newsletter-tokens';

export const UNSUBSCRIBE_INVALID_MESSAGE =
  'Der Abmeldelink ist ungültig. Bitte nutze den Link aus deiner neuesten Newsletter-E-Mail.';

export interface UnsubscribeNewsletterOptions {
  /** The `unsubscribe` parameter of a newsletter mail's link. */
  token: string;
  /** For the per-client limit (newsletter-limits.ts). */
  clientIp: string;
  now?: Date;
}

/**
 * The unsubscribe link of every newsletter mail. Idempotent: a second click answers the same and keeps the
 * first time. A pending sign-up's confirmation link stops working. An account with the same address also
 * loses its marketing consent (revoked, text and version kept) and global_marketing_enabled, so the profile's
 * newsletter checkbox tells the same story.
 */
export async function unsubscribeNewsletter(
  deps: Pick<UseCaseDeps, 'database' | 'config'>,
  { token, clientIp, now = new Date() }: UnsubscribeNewsletterOptions,
) {
  const { db } = deps.database;
  await enforceRateLimits(db, linkLimits(clientIp));
  const id = subscriptionIdOf(deps.config.appSecret, token);
  if (!id) throw new AppError('token_invalid', UNSUBSCRIBE_INVALID_MESSAGE);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, id))
      .for('update');
    if (!row) throw new AppError('token_invalid', UNSUBSCRIBE_INVALID_MESSAGE);
    if (row.status === 'unsubscribed') return { email: row.email };
    await tx
      .update(newsletterSubscriptions)
      .set({
        status: 'unsubscribed',
        unsubscribedAt: now,
        confirmTokenHash: null,
        confirmTokenExpiresAt: null,
      })
      .where(eq(newsletterSubscriptions.id, row.id));

    const accounts = tx
      .select({ id: user.id })
      .from(user)
      .where(sql`lower(${user.email}) = ${row.email}`);
    await tx
      .update(userNotificationPreferences)
      .set({ globalMarketingEnabled: false })
      .where(inArray(userNotificationPreferences.userId, accounts));
    await tx
      .update(consents)
      .set({
        granted: false,
        revokedAt: now,
        metadata: sql`${consents.metadata} || ${JSON.stringify({ revokedVia: 'newsletter-unsubscribe' })}::jsonb`,
      })
      .where(
        and(
          eq(consents.purpose, 'marketing'),
          eq(consents.granted, true),
          inArray(consents.userId, accounts),
        ),
      );
    return { email: row.email };
  });
}
