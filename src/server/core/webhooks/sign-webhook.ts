import { Webhook } from 'standardwebhooks';

/**
 * The three headers of the Standard Webhooks spec (docs/product/webhooks.md#signing): `webhook-id` (the
 * delivery's id, the same on every retry), `webhook-timestamp` (seconds) and `webhook-signature`
 * 'v1,<base64 HMAC-SHA256 of "id.timestamp.body" with the secret's bytes>'.
 */
export function webhookHeaders(
  secret: string,
  id: string,
  at: Date,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': new Webhook(secret).sign(id, new Date(timestamp * 1000), body),
  };
}
