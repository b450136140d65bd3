import { desc, eq, sql } from 'drizzle-orm';
import type { ApiKeyView } from '@shared/api-keys';
import type { DbOrTx } from '../../db/types';
import { apiKeys, profiles } from '../../db/schema';

const keySelection = {
  key: apiKeys,
  creator: sql<
    string | null
  >`coalesce(nullif(trim(${profiles.displayName}), ''), nullif(trim(${profiles.fullName}), ''), ${profiles.email})`,
};

type KeyRow = { key: typeof apiKeys.$inferSelect; creator: string | null };

export const toApiKeyView = ({ key, creator }: KeyRow): ApiKeyView => ({
  id: key.id,
  name: key.name,
  prefix: key.prefix,
  scopes: key.scopes,
  createdAt: key.createdAt.toISOString(),
  createdBy: creator,
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  revokedAt: key.revokedAt?.toISOString() ?? null,
});

/** One key as the list shows it, or null. */
export async function loadApiKeyView(db: DbOrTx, id: string): Promise<ApiKeyView | null> {
  const [row] = await db
    .select(keySelection)
    .from(apiKeys)
    .leftJoin(profiles, eq(profiles.id, apiKeys.creatorId))
    .where(eq(apiKeys.id, id));
  return row ? toApiKeyView(row) : null;
}

/**
 * The keys of the settings card 'API-Schlüssel' (docs/product/api.md#keys): active ones first, newest first;
 * revoked keys stay listed. Never a secret: only its hash is stored.
 */
export async function listApiKeys(options: { db: DbOrTx }): Promise<ApiKeyView[]> {
  const rows = await options.db
    .select(keySelection)
    .from(apiKeys)
    .leftJoin(profiles, eq(profiles.id, apiKeys.creatorId))
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKeyView);
}
