import { pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './accounts';
import { timestamptz } from './columns';

/**
 * Owner setup (docs/product/admin.md#owner-setup): `npm run setup-token` only signs a token (it must not open
 * the database), so single use is enforced here: the server inserts the token's id when redeeming, and the
 * primary key refuses a second redemption.
 */
export const setupTokenRedemptions = pgTable('setup_token_redemptions', {
  tokenId: text('token_id').primaryKey(),
  redeemedAt: timestamptz('redeemed_at').notNull().defaultNow(),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
});
