import { Hono } from 'hono';
import { handleStripeWebhook } from '../../core/payments/handle-stripe-webhook';
import { paymentConfig } from '../../core/payments/payment-config';
import { allow } from '../access';
import type { AppEnv } from '../context';

// Payments (docs/architecture.md#adapters). The webhook is exempt from the CSRF check (app.ts); its signature
// is the check (docs/product/payments.md#webhook-signed).
export const paymentRoutes = new Hono<AppEnv>()
  .get('/config', allow('public'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await paymentConfig(c.get('deps')));
  })
  .post('/stripe/webhook', allow('public'), async (c) => {
    // The raw body as received: the signature covers these exact bytes (json-body.ts cached the text).
    const rawBody = await c.req.text();
    const signature = c.req.header('Stripe-Signature');
    const result = await handleStripeWebhook(c.get('deps'), { rawBody, signature });
    return c.json({ received: true, duplicate: result.duplicate });
  });
