import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Fixed-window counters for rate limits (sign-in code sends per address and per client, verification
 * attempts). In the database, not in memory, so several app instances share one limit.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamptz('reset_at').notNull(),
});
