import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { API_KEY_MESSAGES, type ApiKeyView } from '@shared/api-keys';
import type { Actor } from '../actor';
import { AppError, GERMAN_DEFAULT_MESSAGES } from '../app-error';
import type { Db } from '../../db/types';
import { apiKeys } from '../../db/schema';
import { loadApiKeyView } from './list-api-keys';

/**
 * Revokes a key for good (docs/product/api.md#revoke): its next request is refused with 401. The row stays,
 * so the list still shows when it was created, last used and revoked.
 */
export async function revokeApiKey(options: {
  db: Db;
  actor: Actor;
  keyId: string;
  now?: Date;
}): Promise<ApiKeyView> {
  const { db, actor, keyId, now = new Date() } = options;
  if (actor.role !== 'admin') throw new AppError('forbidden', GERMAN_DEFAULT_MESSAGES.forbidden);
  const notFound = new AppError('not_found', API_KEY_MESSAGES.notFound);
  if (!z.uuid().safeParse(keyId).success) throw notFound;
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) {
    const existing = await loadApiKeyView(db, keyId);
    if (!existing) throw notFound;
    throw new AppError('conflict', API_KEY_MESSAGES.alreadyRevoked);
  }
  return (await loadApiKeyView(db, keyId))!;
}
