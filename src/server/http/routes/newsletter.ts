import { Hono } from 'hono';
import {
  newsletterTokenSchema,
  subscribeNewsletterSchema,
  type SubscribeNewsletterResponse,
} from '@shared/newsletter';
import { confirmNewsletter } from '../../core/newsletter/confirm-newsletter';
import { subscribeNewsletter } from '../../core/newsletter/subscribe-newsletter';
import { unsubscribeNewsletter } from '../../core/newsletter/unsubscribe-newsletter';
import { allow } from '../access';
import type { AppEnv } from '../context';
import { clientIp } from '../client-ip';
import { validBody } from '../validation';

/**
 * Sign-up with its confirmation mail, plus the two links of the mails (/email-confirmed;
 * docs/product/accounts-and-consent.md#newsletter-double-opt-in).
 */
export const newsletterRoutes = new Hono<AppEnv>()
  .post('/subscribe', allow('public'), async (c) => {
    const input = validBody(c, subscribeNewsletterSchema, 'general');
    const { alreadySubscribed } = await subscribeNewsletter(c.get('deps'), {
      email: input.email,
      source: input.source,
      metadata: input.metadata,
      userAgent: c.req.header('User-Agent'),
      clientIp: clientIp(c),
    });
    return c.json({ ok: true, alreadySubscribed } satisfies SubscribeNewsletterResponse);
  })
  .post('/confirm', allow('public'), async (c) => {
    const { token } = validBody(c, newsletterTokenSchema, 'general');
    await confirmNewsletter(c.get('deps'), { token, clientIp: clientIp(c) });
    return c.json({ ok: true as const });
  })
  .post('/unsubscribe', allow('public'), async (c) => {
    const { token } = validBody(c, newsletterTokenSchema, 'general');
    await unsubscribeNewsletter(c.get('deps'), { token, clientIp: clientIp(c) });
    return c.json({ ok: true as const });
  });
