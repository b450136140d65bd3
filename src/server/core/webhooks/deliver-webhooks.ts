import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/types';
import type { Logger } from '../../logger';
import { profiles, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import { mailContextFrom } from '../mail/templates/mail-context';
import type { SettingsStore } from '../settings/settings-store';
import { postWebhook, type WebhookAttemptResult } from './send-webhook';
import { webhookHeaders } from './sign-webhook';
import { parseWebhookUrl, resolveWebhookAddress, UnsafeWebhookUrl, type HostLookup } from './url-safety';
import { webhookFailingMail } from './webhook-failing-mail';

/** What the delivery round takes: services.ts's, with the clock, DNS and timeout open to tests. */
export interface WebhookDeliveryDeps {
  database: { db: Db };
  config: Pick<Config, 'webhooksAllowPrivate' | 'publicUrl'>;
  settings: Pick<SettingsStore, 'get'>;
  logger: Logger;
  /** The mail outbox: woken after the failing mail was written. */
  outbox: { kick(): void };
  now?: () => Date;
  lookup?: HostLookup;
  timeoutMs?: number;
}

/**
 * The waits after the 1st, 2nd, … failed attempt (docs/product/webhooks.md#retries): 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 10 h; the 8th attempt is the last, about 28 hours after the first.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** A claimed delivery is this instance's for so long; far above the 10 s timeout of one attempt. */
const LEASE_MS = 5 * 60_000;
/** How many deliveries one round sends at once at most. */
const PARALLEL = 8;

type Claimed = typeof webhookDeliveries.$inferSelect & { url: string; secret: string; description: string };

/**
 * One round of the webhook worker (docs/product/webhooks.md#outbox): claims due deliveries one by one with an
 * `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED)` that counts the attempt and moves `next_attempt_at`
 * ahead as a lease, and POSTs after that commit, so no lock is held while a receiver answers. At-least-once: a
 * process dying mid-send leaves the lease to run out and the delivery goes again with the same `webhook-id`.
 * Sends up to `limit`, PARALLEL at a time; answers how many were claimed.
 */
export async function deliverDueWebhooks(deps: WebhookDeliveryDeps, limit = 100): Promise<number> {
  let claimed = 0;
  const lane = async () => {
    while (claimed < limit) {
      const delivery = await claimNext(deps);
      if (!delivery) return;
      claimed++;
      await attempt(deps, delivery);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, lane));
  return claimed;
}

async function claimNext(deps: WebhookDeliveryDeps): Promise<Claimed | null> {
  const { db } = deps.database;
  const now = (deps.now ?? (() => new Date()))();
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(1)
    .for('update', { skipLocked: true });
  // `id = (subquery)` runs it once (see jobs/outbox-worker.ts); the attempt counts at the claim
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + LEASE_MS),
      lastAttemptAt: now,
    })
    .where(and(sql`${webhookDeliveries.id} = (${due})`, eq(webhookDeliveries.status, 'pending')))
    .returning();
  if (!row) return null;
  const [endpoint] = await db
    .select({
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      description: webhookEndpoints.description,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, row.endpointId));
  if (!endpoint) return null; // deleted meanwhile: its deliveries went with it
  return { ...row, ...endpoint };
}

/** Sends one delivery and records what came of it. */
export async function attempt(deps: WebhookDeliveryDeps, delivery: Claimed): Promise<WebhookAttemptResult> {
  const now = (deps.now ?? (() => new Date()))();
  const body = JSON.stringify(delivery.payload);
  let result: WebhookAttemptResult;
  try {
    // checked again at each send, after resolving: the name may point elsewhere now (docs/product/webhooks.md#ssrf)
    const url = parseWebhookUrl(delivery.url);
    const target = await resolveWebhookAddress(url, {
      allowPrivate: deps.config.webhooksAllowPrivate,
      lookup: deps.lookup,
    });
    result = await postWebhook({
      url,
      ...target,
      headers: webhookHeaders(delivery.secret, delivery.id, now, body),
      body,
      timeoutMs: deps.timeoutMs,
    });
  } catch (error) {
    const message =
      error instanceof UnsafeWebhookUrl
        ? error.message
        : `Senden fehlgeschlagen (${String(error).slice(0, 200)}).`;
    result = { ok: false, statusCode: null, error: message };
  }
  await record(deps, delivery, result, now);
  return result;
}

async function record(deps: WebhookDeliveryDeps, delivery: Claimed, result: WebhookAttemptResult, now: Date) {
  const { db } = deps.database;
  const mine = and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, 'pending'));
  if (result.ok) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'sent', deliveredAt: now, lastStatusCode: result.statusCode, lastError: null })
      .where(mine);
    // a success ends the endpoint's failing state (docs/product/webhooks.md#failing)
    await db
      .update(webhookEndpoints)
      .set({ failingSince: null })
      .where(
        and(eq(webhookEndpoints.id, delivery.endpointId), sql`${webhookEndpoints.failingSince} IS NOT NULL`),
      );
    return;
  }
  const exhausted = delivery.attempts >= WEBHOOK_MAX_ATTEMPTS;
  const delay = WEBHOOK_RETRY_DELAYS_MS[Math.min(delivery.attempts, WEBHOOK_RETRY_DELAYS_MS.length) - 1] ?? 0;
  const common = { lastStatusCode: result.statusCode, lastError: result.error };
  if (!exhausted) {
    await db
      .update(webhookDeliveries)
      .set({ ...common, nextAttemptAt: new Date(now.getTime() + delay) })
      .where(mine);
    deps.logger.warn(
      { deliveryId: delivery.id, attempts: delivery.attempts, error: result.error },
      'webhook not delivered; will retry',
    );
    return;
  }
  const mailed = await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({ ...common, status: 'failed' })
      .where(mine);
    // the endpoint turns failing once: only that change writes the admins' mail
    const [turned] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: now })
      .where(and(eq(webhookEndpoints.id, delivery.endpointId), isNull(webhookEndpoints.failingSince)))
      .returning({ id: webhookEndpoints.id });
    if (!turned) return false;
    const context = mailContextFrom(await deps.settings.get(), deps.config);
    const content = webhookFailingMail({
      context,
      url: delivery.url,
      description: delivery.description,
      eventType: delivery.eventType,
      attempts: delivery.attempts,
      lastError: result.error ?? '',
    });
    const admins = await tx
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.role, 'admin'));
    for (const admin of admins) await enqueueMail(tx, { to: admin.email, ...content });
    return admins.length > 0;
  });
  deps.logger.error(
    { deliveryId: delivery.id, attempts: delivery.attempts, error: result.error },
    'webhook not delivered; retries exhausted',
  );
  if (mailed) deps.outbox.kick();
}
