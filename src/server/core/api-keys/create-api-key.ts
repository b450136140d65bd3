import { createApiKeySchema, type CreateApiKeyInput, type CreatedApiKey } from '@shared/api-keys';
import type { Actor } from '../actor';
import { AppError, GERMAN_DEFAULT_MESSAGES } from '../app-error';
import type { Db } from '../../db/types';
import { apiKeys } from '../../db/schema';
import { apiKeyPrefix, hashApiKey, newApiKeySecret } from './api-key-secret';
import { loadApiKeyView } from './list-api-keys';

/**
 * A new API key (docs/product/api.md#keys), admins only: its name and scopes are stored with the hash of the
 * secret; the secret itself is in this answer and nowhere else.
 */
export async function createApiKey(options: {
  db: Db;
  actor: Actor;
  input: CreateApiKeyInput;
}): Promise<CreatedApiKey> {
  const { db, actor } = options;
  if (actor.role !== 'admin') throw new AppError('forbidden', GERMAN_DEFAULT_MESSAGES.forbidden);
  const input = createApiKeySchema.parse(options.input);
  const secret = newApiKeySecret();
  const [row] = await db
    .insert(apiKeys)
    .values({
      name: input.name,
      scopes: input.scopes,
      prefix: apiKeyPrefix(secret),
      secretHash: hashApiKey(secret),
      creatorId: actor.id,
    })
    .returning({ id: apiKeys.id });
  return { key: (await loadApiKeyView(db, row!.id))!, secret };
}
