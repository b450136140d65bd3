import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { appSecrets } from '../../db/schema';
import type { Db } from '../../db/types';

/** Names of the secrets the admin settings can hold (docs/product/payments.md#which-stripe-key). */
export const SECRET_NAMES = {
  stripeSecretKey: 'stripe_secret_key',
  stripeWebhookSecret: 'stripe_webhook_secret',
} as const;
export type SecretField = keyof typeof SECRET_NAMES;
export type SecretName = (typeof SECRET_NAMES)[SecretField];

export type SecretStatus = Record<SecretField, { set: boolean; updatedAt: string | null }>;

// Format of a stored value: version, iv, auth tag and data, each base64url, joined by '.'.
const FORMAT = 'v1';
const IV_BYTES = 12;

/** Thrown when a stored value cannot be decrypted, e.g. because APP_SECRET changed since it was saved. */
export class SecretDecryptError extends Error {
  override name = 'SecretDecryptError';
}

/**
 * Secrets set in the admin settings (docs/product/admin.md#secrets-encrypted): AES-256-GCM with a key derived
 * from APP_SECRET by HKDF, a random IV per value, the secret's name as associated data (a row copied under
 * another name does not decrypt). Values never leave the server: `status()` says only which ones are set.
 */
export class SecretStore {
  private readonly key: Buffer;

  constructor(
    private readonly db: Db,
    appSecret: string,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', appSecret, 'ticketing-app-secrets', 'aes-256-gcm v1', 32));
  }

  async get(name: SecretName): Promise<string | null> {
    const [row] = await this.db
      .select({ ciphertext: appSecrets.ciphertext })
      .from(appSecrets)
      .where(eq(appSecrets.key, name));
    return row ? this.decrypt(name, row.ciphertext) : null;
  }

  async set(name: SecretName, value: string): Promise<void> {
    const ciphertext = this.encrypt(name, value);
    await this.db
      .insert(appSecrets)
      .values({ key: name, ciphertext })
      .onConflictDoUpdate({ target: appSecrets.key, set: { ciphertext, updatedAt: new Date() } });
  }

  async status(): Promise<SecretStatus> {
    const rows = await this.db
      .select({ key: appSecrets.key, updatedAt: appSecrets.updatedAt })
      .from(appSecrets);
    const byName = new Map(rows.map((row) => [row.key, row.updatedAt]));
    const entries = (Object.keys(SECRET_NAMES) as SecretField[]).map((field) => {
      const updatedAt = byName.get(SECRET_NAMES[field]);
      return [field, { set: updatedAt !== undefined, updatedAt: updatedAt ? updatedAt.toISOString() : null }];
    });
    return Object.fromEntries(entries) as SecretStatus;
  }

  /** Exposed for tests and for the store itself: plain text → stored form. */
  encrypt(name: string, value: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(name, 'utf8'));
    const data = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
    return [FORMAT, iv, cipher.getAuthTag(), data]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(name: string, stored: string): string {
    const [format, iv, tag, data] = stored.split('.');
    if (format !== FORMAT || iv === undefined || tag === undefined || data === undefined) {
      throw new SecretDecryptError(`Secret ${name} hat ein unbekanntes Format.`);
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(name, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretDecryptError(
        `Secret ${name} lässt sich mit dem aktuellen APP_SECRET nicht entschlüsseln.`,
      );
    }
  }
}
