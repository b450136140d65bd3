import { Hono } from 'hono';
import {
  newsletterTokenSchema,
  subscribeNewsletterSchema,
  type SubscribeNewsletterResponse,
} from '@shared/newsletter';
import { enforceRateLimits } from '../../core/auth/rate-limit';
import { mailContextFrom } from '../../core/mail/templates/mail-context';
import { confirmNewsletter } from '../../core/newsletter/confirm-newsletter';
import { subscribeNewsletter } from '../../core/newsletter/subscribe-newsletter';
import { unsubscribeNewsletter } from '../../core/newsletter/unsubscribe-newsletter';
import { allow } from '../access';
import type { AppEnv } from '../app';
import { clientIp } from '../client-ip';
import { bodyOf } from '../json-body';

// Sign-ups send mail to addresses typed by anyone: three per address in an hour (enough for "where is the
// mail?" twice), and thirty per client in ten minutes (an office behind one address). The links carry long
// random or signed tokens; the per-client limit on them only stops noise.
const subscribeLimits = (email: string, ip: string) => [
  { key: `newsletter:email:${email}`, max: 3, windowSeconds: 3600 },
  { key: `newsletter:client:${ip}`, max: 30, windowSeconds: 600 },
];
const linkLimits = (ip: string) => [{ key: `newsletter-link:client:${ip}`, max: 60, windowSeconds: 600 }];

/** spec visitor §7 'send-confirmation-email', plus the two links of the mails (/email-confirmed). */
export const newsletterRoutes = new Hono<AppEnv>()
  .post('/subscribe', allow('public'), async (c) => {
    const input = bodyOf(c, subscribeNewsletterSchema);
    const { database, config, settings, outbox } = c.get('deps');
    await enforceRateLimits(database.db, subscribeLimits(input.email, clientIp(c)));
    const { alreadySubscribed } = await subscribeNewsletter({
      db: database.db,
      secret: config.appSecret,
      context: mailContextFrom(await settings.get(), config),
      email: input.email,
      source: input.source,
      metadata: input.metadata,
      userAgent: c.req.header('User-Agent'),
    });
    if (!alreadySubscribed) outbox.kick();
    return c.json({ ok: true, alreadySubscribed } satisfies SubscribeNewsletterResponse);
  })
  .post('/confirm', allow('public'), async (c) => {
    const { token } = bodyOf(c, newsletterTokenSchema);
    const { database, config, settings, outbox } = c.get('deps');
    await enforceRateLimits(database.db, linkLimits(clientIp(c)));
    await confirmNewsletter({
      db: database.db,
      secret: config.appSecret,
      context: mailContextFrom(await settings.get(), config),
      token,
    });
    outbox.kick();
    return c.json({ ok: true as const });
  })
  .post('/unsubscribe', allow('public'), async (c) => {
    const { token } = bodyOf(c, newsletterTokenSchema);
    const { database, config } = c.get('deps');
    await enforceRateLimits(database.db, linkLimits(clientIp(c)));
    await unsubscribeNewsletter({ db: database.db, secret: config.appSecret, token });
    return c.json({ ok: true as const });
  });
