import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_LOG_LIMIT,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_TYPE,
  webhookEndpointInputSchema,
  webhookEndpointUpdateSchema,
  type CreatedWebhookEndpoint,
  type WebhookDeliveryView,
  type WebhookEndpointInput,
  type WebhookEndpointUpdate,
  type WebhookEndpointView,
  type WebhookEventType,
} from '@shared/webhooks';
import type { Db } from '../../db/types';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { AppError } from '../app-error';
import { attempt, type WebhookDeliveryDeps } from './deliver-webhooks';
import { assertWebhookUrl, type HostLookup } from './url-safety';

// The admin's webhooks ('Webhooks' in the settings; docs/product/webhooks.md#endpoints): list, create with a
// secret shown once, edit, deactivate, delete, the delivery log with 'Erneut senden', a test message.

export interface WebhookAdminDeps {
  database: { db: Db };
  config: WebhookDeliveryDeps['config'];
  /** The webhook worker (jobs/webhook-worker.ts): woken for a delivery queued again. */
  webhooks: { kick(): void };
  lookup?: HostLookup;
}

/** 'whsec_' + base64 of 24 random bytes (docs/product/webhooks.md#secret). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

const notFound = () => new AppError('not_found', WEBHOOK_MESSAGES.notFound);
const isUuid = (value: string) => z.uuid().safeParse(value).success;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

function viewOf(row: EndpointRow, pendingCount: number): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    active: row.active,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    pendingCount,
  };
}

async function pendingCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ endpointId: webhookDeliveries.endpointId, pending: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, 'pending'))
    .groupBy(webhookDeliveries.endpointId);
  return new Map(rows.map((row) => [row.endpointId, row.pending]));
}

export async function listWebhookEndpoints(db: Db): Promise<WebhookEndpointView[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.createdAt);
  const pending = await pendingCounts(db);
  return rows.map((row) => viewOf(row, pending.get(row.id) ?? 0));
}

async function loadEndpoint(db: Db, id: string): Promise<EndpointRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound();
  return row;
}

/**
 * Creates an endpoint (docs/product/webhooks.md#endpoints): the URL checked for SSRF (form and resolved
 * addresses, docs/product/webhooks.md#ssrf), at most MAX_WEBHOOK_ENDPOINTS. Answers it with its secret.
 */
export async function createWebhookEndpoint(
  deps: Pick<WebhookAdminDeps, 'database' | 'config' | 'lookup'>,
  input: WebhookEndpointInput,
): Promise<CreatedWebhookEndpoint> {
  const { db } = deps.database;
  const parsed = webhookEndpointInputSchema.parse(input);
  const url = await assertWebhookUrl(parsed.url, {
    allowPrivate: deps.config.webhooksAllowPrivate,
    lookup: deps.lookup,
  });
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    // counted under a lock of the table's rows' writers, so two saves at once cannot pass the limit together
    await tx.execute(sql`LOCK TABLE webhook_endpoints IN SHARE ROW EXCLUSIVE MODE`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(webhookEndpoints);
    if (n >= MAX_WEBHOOK_ENDPOINTS) throw new AppError('conflict', WEBHOOK_MESSAGES.tooMany);
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        url,
        description: parsed.description,
        eventTypes: parsed.eventTypes,
        active: parsed.active,
        secret,
      })
      .returning();
    return created!;
  });
  return { ...viewOf(row, 0), secret };
}

/**
 * Changes an endpoint. A new URL is checked as at creation; deactivating gives up its waiting deliveries (they
 * read 'Webhook deaktiviert' in the log and can be sent again after activating; docs/product/webhooks.md#deactivate).
 */
export async function updateWebhookEndpoint(
  deps: Pick<WebhookAdminDeps, 'database' | 'config' | 'lookup'>,
  id: string,
  update: WebhookEndpointUpdate,
): Promise<WebhookEndpointView> {
  const { db } = deps.database;
  const parsed = webhookEndpointUpdateSchema.parse(update);
  const current = await loadEndpoint(db, id);
  const url =
    parsed.url !== undefined && parsed.url !== current.url
      ? await assertWebhookUrl(parsed.url, {
          allowPrivate: deps.config.webhooksAllowPrivate,
          lookup: deps.lookup,
        })
      : undefined;
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(parsed.description !== undefined ? { description: parsed.description } : {}),
        ...(parsed.eventTypes !== undefined ? { eventTypes: parsed.eventTypes } : {}),
        ...(parsed.active !== undefined ? { active: parsed.active } : {}),
        // reactivated, it starts afresh
        ...(parsed.active === true && !current.active ? { failingSince: null } : {}),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!saved) throw notFound();
    if (parsed.active === false) {
      await tx
        .update(webhookDeliveries)
        .set({ status: 'failed', lastError: 'Webhook deaktiviert.' })
        .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')));
    }
    return saved;
  });
  return viewOf(row, (await pendingCounts(db)).get(id) ?? 0);
}

/** Deletes an endpoint with its deliveries. */
export async function deleteWebhookEndpoint(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const deleted = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw notFound();
}

/** 'Geheimnis anzeigen': the signing secret on demand, for the admin only (docs/product/webhooks.md#secret). */
export async function webhookSecret(db: Db, id: string): Promise<{ secret: string }> {
  const row = await loadEndpoint(db, id);
  return { secret: row.secret };
}

function deliveryView(row: typeof webhookDeliveries.$inferSelect): WebhookDeliveryView {
  return {
    id: row.id,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** The delivery log: the latest WEBHOOK_LOG_LIMIT deliveries, newest first (docs/product/webhooks.md#delivery-log). */
export async function webhookDeliveryLog(db: Db, endpointId: string): Promise<WebhookDeliveryView[]> {
  await loadEndpoint(db, endpointId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_LOG_LIMIT);
  return rows.map(deliveryView);
}

/**
 * 'Erneut senden' (docs/product/webhooks.md#resend): the delivery goes again with the SAME id (the
 * `webhook-id` a receiver drops duplicates by), its body unchanged, attempts counted afresh.
 */
export async function resendWebhookDelivery(
  deps: Pick<WebhookAdminDeps, 'database' | 'webhooks'>,
  input: { endpointId: string; deliveryId: string; now?: Date },
): Promise<WebhookDeliveryView> {
  const { db } = deps.database;
  const endpoint = await loadEndpoint(db, input.endpointId);
  if (!endpoint.active) throw new AppError('conflict', WEBHOOK_MESSAGES.inactive);
  if (!isUuid(input.deliveryId)) throw new AppError('not_found', WEBHOOK_MESSAGES.deliveryNotFound);
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: input.now ?? new Date(), deliveredAt: null })
    .where(and(eq(webhookDeliveries.id, input.deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)))
    .returning();
  if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.deliveryNotFound);
  deps.webhooks.kick();
  return deliveryView(row);
}

/**
 * 'Testnachricht senden' (docs/product/webhooks.md#test-message): a 'webhook.test' message to this endpoint
 * only, sent at once and answered with its outcome; a failed one is retried like any other.
 */
export async function sendTestWebhook(
  deps: Omit<WebhookDeliveryDeps, 'database'> & Pick<WebhookAdminDeps, 'database'>,
  endpointId: string,
): Promise<WebhookDeliveryView> {
  const { db } = deps.database;
  const endpoint = await loadEndpoint(db, endpointId);
  if (!endpoint.active) throw new AppError('conflict', WEBHOOK_MESSAGES.inactive);
  const now = (deps.now ?? (() => new Date()))();
  const payload = {
    type: WEBHOOK_TEST_TYPE,
    timestamp: now.toISOString(),
    data: { endpoint_id: endpoint.id, message: 'Testnachricht: Dein Webhook ist erreichbar.' },
  };
  const [claimed] = await db
    .insert(webhookDeliveries)
    .values({
      endpointId: endpoint.id,
      eventType: WEBHOOK_TEST_TYPE as WebhookEventType,
      payload,
      attempts: 1,
      // leased to this request while it sends, like the worker's claim
      nextAttemptAt: new Date(now.getTime() + 5 * 60_000),
      lastAttemptAt: now,
      createdAt: now,
    })
    .returning();
  await attempt(deps, {
    ...claimed!,
    url: endpoint.url,
    secret: endpoint.secret,
    description: endpoint.description,
  });
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, claimed!.id));
  return deliveryView(row!);
}
