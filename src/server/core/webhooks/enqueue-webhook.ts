import { and, eq, sql } from 'drizzle-orm';
import type { WebhookEventType } from '@shared/webhooks';
import type { Db } from '../../db/types';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';

/** The database or a transaction of it: both can read and insert. */
export type WebhookWriter = Pick<Db, 'select' | 'insert'>;

/** The `data` of a message, plain JSON. */
export type WebhookData = Record<string, unknown>;

/**
 * Writes one delivery per active endpoint subscribed to `type`, in the caller's transaction: a transactional
 * outbox, so no message goes out without its change and no change commits without its messages
 * (docs/product/webhooks.md#outbox). Nothing is sent here; jobs/webhook-worker.ts sends after the commit, so a
 * booking never waits for a receiver. `data` may be a function, called only when some endpoint wants the type
 * (the usual case without webhooks costs one indexless read of a tiny table); a function answering null sends
 * nothing. Body: `{ type, timestamp, data }` (docs/product/webhooks.md#payload). Answers the deliveries written.
 */
export async function enqueueWebhook(
  tx: WebhookWriter,
  type: WebhookEventType,
  data: WebhookData | (() => Promise<WebhookData | null>),
  now: Date = new Date(),
): Promise<number> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.active, true), sql`${type} = ANY(${webhookEndpoints.eventTypes})`));
  if (endpoints.length === 0) return 0;
  const resolved = typeof data === 'function' ? await data() : data;
  if (!resolved) return 0;
  const payload = { type, timestamp: now.toISOString(), data: resolved };
  await tx.insert(webhookDeliveries).values(
    endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      eventType: type,
      payload,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  return endpoints.length;
}
