import type { Tx } from '../db/types';
import { apiKeys } from '../db/schema';
import { apiKeyPrefix, hashApiKey, newApiKeySecret } from '../core/api-keys/api-key-secret';

const HOUR = 3_600_000;

/**
 * The demo's API keys (docs/product/api.md#key-list): one in use (an accounting export that reads, last used two
 * hours ago) and one revoked (an old door app). Their secrets are drawn and thrown away: nobody can call the
 * API with them, and they belong to no admin (the demo has none until its setup, docs/product/api.md#acting-admin);
 * an admin makes a key of their own to try the API.
 */
export async function seedApiKeys(tx: Tx, now: Date): Promise<void> {
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const key = (name: string) => {
    const secret = newApiKeySecret();
    return { name, prefix: apiKeyPrefix(secret), secretHash: hashApiKey(secret) };
  };
  await tx.insert(apiKeys).values([
    { ...key('Buchhaltung (CSV-Export)'), scopes: ['read'], createdAt: ago(24 * 40), lastUsedAt: ago(2) },
    {
      ...key('Alte Einlass-App'),
      scopes: ['read', 'check_in'],
      createdAt: ago(24 * 120),
      lastUsedAt: ago(24 * 9),
      revokedAt: ago(24 * 7),
    },
  ]);
}
