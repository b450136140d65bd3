import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

/** Key/value rows merged over the defaults in @shared/settings (docs/product/admin.md#settings-defaults). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * Secrets set in the admin settings (e.g. Stripe keys), encrypted with APP_SECRET
 * (docs/product/admin.md#secrets-encrypted) and never returned to a client; `ciphertext` carries whatever the
 * encryption code needs (iv, tag, data).
 */
export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  ciphertext: text('ciphertext').notNull(),
  updatedAt: updatedAt(),
});
