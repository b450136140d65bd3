import { Hono } from 'hono';
import { handleStripeWebhook } from '../../core/payments/handle-stripe-webhook';
import { listOpenPayments } from '../../core/payments/open-payments';
import { paymentConfig } from '../../core/payments/payment-config';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';

// Payments (docs/architecture.md#adapters). The webhook is exempt from the CSRF check (app.ts); its signature
// is the check (docs/product/payments.md#webhook-signed).
export const paymentRoutes = new Hono<AppEnv>()
  .get('/config', allow('public'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await paymentConfig(c.get('deps')));
  })
  // 'Offene Zahlungen' in Meine Tickets (docs/decisions/054-late-verdicts-and-returned-debits.md)
  .get('/open', allow('user'), async (c) => {
    const user = await userOf(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ payments: await listOpenPayments(c.get('deps').database.db, user.id) });
  })
  .post('/stripe/webhook', allow('public'), async (c) => {
    // The raw body as received: the signature covers these exact bytes (json-body.ts cached the text).
    const rawBody = await c.req.text();
    const signature = c.req.header('Stripe-Signature');
    const result = await handleStripeWebhook(c.get('deps'), { rawBody, signature });
    return c.json({ received: true, duplicate: result.duplicate });
  });
