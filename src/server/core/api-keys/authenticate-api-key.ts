import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { API_V1_MESSAGES } from '@shared/api-v1';
import type { ApiScope } from '@shared/api-keys';
import type { Actor } from '../actor';
import { AppError } from '../app-error';
import type { Db } from '../../db/types';
import { apiKeys, profiles } from '../../db/schema';
import { hashApiKey, looksLikeApiKey } from './api-key-secret';

/** last_used_at is written at most once a minute per key (docs/product/api.md#last-use). */
export const LAST_USE_PRECISION_MS = 60_000;

export interface ApiCaller {
  keyId: string;
  scopes: ApiScope[];
  /** The admin who created the key: the API acts with their rights (docs/product/api.md#acting-admin). */
  actor: Actor;
}

const refuse = (message: string) => new AppError('unauthorized', message);

/**
 * The caller of an /api/v1 request from its `Authorization: Bearer tsk_…` header (docs/product/api.md#auth):
 * an unknown or revoked key, or one whose creator is no longer an admin, is refused with 401. One indexed
 * lookup by the key's hash; `last_used_at` is only written when the stored one is a minute old, so a busy
 * client does not turn every read into a write.
 */
export async function authenticateApiKey(
  db: Db,
  authorization: string | undefined,
  now = new Date(),
): Promise<ApiCaller> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) throw refuse(API_V1_MESSAGES.missingKey);
  const secret = match[1]!;
  if (!looksLikeApiKey(secret)) throw refuse(API_V1_MESSAGES.unknownKey);
  const [row] = await db
    .select({
      id: apiKeys.id,
      scopes: apiKeys.scopes,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      creatorId: apiKeys.creatorId,
      role: profiles.role,
    })
    .from(apiKeys)
    .leftJoin(profiles, eq(profiles.id, apiKeys.creatorId))
    .where(eq(apiKeys.secretHash, hashApiKey(secret)));
  if (!row) throw refuse(API_V1_MESSAGES.unknownKey);
  if (row.revokedAt) throw refuse(API_V1_MESSAGES.revokedKey);
  if (!row.creatorId || row.role !== 'admin') throw refuse(API_V1_MESSAGES.ownerNotAdmin);
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USE_PRECISION_MS) {
    const stale = new Date(now.getTime() - LAST_USE_PRECISION_MS);
    // conditional: of several instances seeing the same stale time, the first writes, the rest change nothing
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, stale))));
  }
  return { keyId: row.id, scopes: row.scopes, actor: { id: row.creatorId, role: 'admin' } };
}

export interface ApiRateLimit {
  /** Requests allowed per window. */
  limit: number;
  remaining: number;
  /** Seconds until the window starts anew. */
  resetSeconds: number;
  windowSeconds: number;
}

/**
 * Counts one request of a key against its limit (docs/product/api.md#rate-limit): a fixed window in the
 * shared `rate_limits` table (one upsert), so several instances count together. Answers the figures for the
 * RateLimit-* headers; throws a 429 with Retry-After once the window is used up.
 */
export async function countApiRequest(
  db: Db,
  keyId: string,
  rule: { max: number; windowSeconds: number },
): Promise<ApiRateLimit> {
  const result = await db.execute<{ count: number; retry: number }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${`api-key:${keyId}`}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now()
        then now() + make_interval(secs => ${rule.windowSeconds}) else rate_limits.reset_at end
    returning count, ceil(extract(epoch from reset_at - now()))::int as retry`);
  const count = Number(result.rows[0]!.count);
  const resetSeconds = Math.max(1, Number(result.rows[0]!.retry));
  const figures = {
    limit: rule.max,
    remaining: Math.max(0, rule.max - count),
    resetSeconds,
    windowSeconds: rule.windowSeconds,
  };
  if (count > rule.max) {
    throw new AppError('rate_limited', API_V1_MESSAGES.rateLimited(resetSeconds), {
      retryAfterSeconds: resetSeconds,
      rateLimit: figures,
    });
  }
  return figures;
}
