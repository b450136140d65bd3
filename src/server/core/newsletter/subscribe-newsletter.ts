import { ne } from 'drizzle-orm';
import {
  NEWSLETTER_CONSENT_TEXT,
  NEWSLETTER_CONSENT_VERSION,
  type NewsletterSource,
} from '@shared/newsletter';
import { newsletterCaptures, newsletterSubscriptions } from '../../db/schema';
import { enforceRateLimits } from '../auth/rate-limit';
import { enqueueMail } from '../mail/enqueue-mail';
import { newsletterConfirmMail } from '../mail/templates/newsletter-confirm';
import { mailContextOf, type UseCaseDeps } from '../use-case-deps';
import { subscribeLimits } from './newsletter-limits';
import {
  CONFIRM_DAYS_VALID,
  confirmUrl,
  newConfirmToken,
  unsubscribeTokenFor,
  unsubscribeUrl,
} from './newsletter-tokens';

export interface SubscribeNewsletterOptions {
  /** Already trimmed and lowercased (shared/newsletter.ts). */
  email: string;
  source: NewsletterSource;
  /** What the client sent; the server's own facts (time, user agent) win over it. */
  metadata?: Record<string, unknown>;
  userAgent?: string;
  /** For the per-client limit (newsletter-limits.ts). */
  clientIp: string;
  now?: Date;
}

/**
 * Double opt-in (docs/product/accounts-and-consent.md#newsletter-double-opt-in). Every sign-up is captured
 * with its source. A confirmed address only gets `alreadySubscribed` (no mail). Any other address gets a
 * pending subscription with the consent (text, version, source, time) and a fresh single-use link – a new
 * sign-up replaces the old link – and the confirmation mail goes into the outbox in the same transaction; the
 * outbox is woken after the commit. The unsubscribe link is signed with APP_SECRET.
 */
export async function subscribeNewsletter(
  deps: Pick<UseCaseDeps, 'database' | 'config' | 'settings' | 'outbox'>,
  options: SubscribeNewsletterOptions,
) {
  const { email, source, now = new Date() } = options;
  const { db } = deps.database;
  const secret = deps.config.appSecret;
  await enforceRateLimits(db, subscribeLimits(email, options.clientIp));
  const context = await mailContextOf(deps);
  const metadata = {
    ...options.metadata,
    timestamp: now.toISOString(),
    userAgent: options.userAgent?.slice(0, 500) ?? null,
  };
  const confirm = newConfirmToken(now);
  const pending = {
    status: 'pending' as const,
    confirmTokenHash: confirm.hash,
    confirmTokenExpiresAt: confirm.expiresAt,
    consentText: NEWSLETTER_CONSENT_TEXT,
    consentVersion: NEWSLETTER_CONSENT_VERSION,
    consentedAt: now,
    source,
    confirmedAt: null,
  };
  const result = await db.transaction(async (tx) => {
    await tx.insert(newsletterCaptures).values({ email, source, metadata, createdAt: now });
    // One statement, so two sign-ups at once cannot both insert; a confirmed row is left as it is.
    const [row] = await tx
      .insert(newsletterSubscriptions)
      .values({ email, ...pending })
      .onConflictDoUpdate({
        target: newsletterSubscriptions.email,
        set: { ...pending, updatedAt: now },
        setWhere: ne(newsletterSubscriptions.status, 'confirmed'),
      })
      .returning({ id: newsletterSubscriptions.id });
    if (!row) return { alreadySubscribed: true };
    const mail = newsletterConfirmMail({
      context,
      confirmUrl: confirmUrl(context.publicUrl, confirm.token),
      unsubscribeUrl: unsubscribeUrl(context.publicUrl, unsubscribeTokenFor(secret, row.id)),
      daysValid: CONFIRM_DAYS_VALID,
    });
    await enqueueMail(tx, { to: email, ...mail });
    return { alreadySubscribed: false };
  });
  if (!result.alreadySubscribed) deps.outbox.kick();
  return result;
}
