import { Hono } from 'hono';
import { webhookEndpointInputSchema, webhookEndpointUpdateSchema } from '@shared/webhooks';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  resendWebhookDelivery,
  sendTestWebhook,
  updateWebhookEndpoint,
  webhookDeliveryLog,
  webhookSecret,
} from '../../core/webhooks/webhook-endpoints';
import { allow } from '../access';
import type { AppEnv } from '../context';
import { validBody } from '../validation';

// The admin's webhooks (docs/product/webhooks.md#endpoints): endpoints, secret on demand, delivery log with
// 'Erneut senden', test message.
export const adminWebhookRoutes = new Hono<AppEnv>()
  .get('/', allow('admin'), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listWebhookEndpoints(c.get('deps').database.db));
  })
  .post('/', allow('admin'), async (c) => {
    const input = validBody(c, webhookEndpointInputSchema);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await createWebhookEndpoint(c.get('deps'), input), 201);
  })
  .patch('/:id', allow('admin'), async (c) => {
    const update = validBody(c, webhookEndpointUpdateSchema);
    return c.json(await updateWebhookEndpoint(c.get('deps'), c.req.param('id'), update));
  })
  .delete('/:id', allow('admin'), async (c) => {
    await deleteWebhookEndpoint(c.get('deps').database.db, c.req.param('id'));
    return c.body(null, 204);
  })
  .get('/:id/secret', allow('admin'), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await webhookSecret(c.get('deps').database.db, c.req.param('id')));
  })
  .get('/:id/deliveries', allow('admin'), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await webhookDeliveryLog(c.get('deps').database.db, c.req.param('id')));
  })
  .post('/:id/deliveries/:deliveryId/resend', allow('admin'), async (c) => {
    const { id, deliveryId } = c.req.param();
    return c.json(await resendWebhookDelivery(c.get('deps'), { endpointId: id, deliveryId }));
  })
  .post('/:id/test', allow('admin'), async (c) => {
    return c.json(await sendTestWebhook(c.get('deps'), c.req.param('id')));
  });
