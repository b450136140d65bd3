import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { ApiScope } from '@shared/api-keys';
import type { WebhookEventType } from '@shared/webhooks';
import { user } from './accounts';
import { createdAt, timestamptz, updatedAt } from './columns';

/**
 * An API key ('API-Schlüssel', docs/product/api.md#keys). The secret is shown once; only its
 * SHA-256 is stored, with a short prefix to recognise it in the list. A revoked key stays listed.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The first characters of the key ('tsk_ab12cd'), shown in the list. */
    prefix: text('prefix').notNull(),
    /** hex SHA-256 of the whole key. */
    secretHash: text('secret_hash').notNull().unique(),
    scopes: text('scopes').array().$type<ApiScope[]>().notNull(),
    creatorId: text('creator_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [check('api_keys_scopes_nonempty', sql`cardinality(${t.scopes}) > 0`)],
);

/**
 * An outgoing webhook ('Webhooks', docs/product/webhooks.md#endpoints): a URL and the event types it
 * wants, signed per the Standard Webhooks spec with `secret` ('whsec_' + base64). `failing_since` is set when a
 * delivery gave up, and cleared by the next success.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  eventTypes: text('event_types').array().$type<WebhookEventType[]>().notNull(),
  secret: text('secret').notNull(),
  active: boolean('active').notNull().default(true),
  failingSince: timestamptz('failing_since'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One message to one endpoint, written in the transaction of the change it reports (an outbox), sent by
 * jobs/webhook-worker.ts with retries and back-off. `id` is the `webhook-id` header: the same on every retry and
 * on 'Erneut senden', so a receiver can drop duplicates.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').$type<WebhookEventType>().notNull(),
    /** The JSON body sent: { type, timestamp, data }. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending → sent | failed (gave up after the last attempt). */
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    deliveredAt: timestamptz('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('webhook_deliveries_status', sql`${t.status} IN ('pending', 'sent', 'failed')`),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);
