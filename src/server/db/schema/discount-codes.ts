import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { DiscountCodeKind } from '@shared/discount-codes';
import { createdAt, timestamptz, updatedAt } from './columns';

/**
 * A discount code ('Gutscheincode', docs/product/ticket-categories.md#codes), compared upper-case. `uses`
 * counts the bookings holding it (pending or confirmed), raised in the booking's transaction and lowered when
 * a hold ends unpaid; the CHECK makes an over-redemption fail instead of persisting. event_ids / category_ids
 * NULL = every event / every category of those events; a hidden category listed in category_ids is unlocked.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    kind: text('kind').$type<DiscountCodeKind>().notNull(),
    /** Percent 1–100, or cents for 'fixed'; 0 for 'unlock'. */
    value: integer('value').notNull().default(0),
    eventIds: uuid('event_ids').array(),
    categoryIds: uuid('category_ids').array(),
    maxUses: integer('max_uses'),
    maxPerBuyer: integer('max_per_buyer'),
    validFrom: timestamptz('valid_from'),
    validUntil: timestamptz('valid_until'),
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('discount_codes_kind', sql`${t.kind} IN ('percent', 'fixed', 'unlock')`),
    check('discount_codes_code_format', sql`${t.code} ~ '^[A-Z0-9][A-Z0-9_-]{2,39}$'`),
    check(
      'discount_codes_value',
      sql`(${t.kind} = 'percent' AND ${t.value} BETWEEN 1 AND 100) OR (${t.kind} = 'fixed' AND ${t.value} > 0) OR (${t.kind} = 'unlock' AND ${t.value} = 0)`,
    ),
    check(
      'discount_codes_uses_in_range',
      sql`${t.uses} >= 0 AND (${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses})`,
    ),
    check('discount_codes_max_uses_positive', sql`${t.maxUses} IS NULL OR ${t.maxUses} > 0`),
    check('discount_codes_max_per_buyer_positive', sql`${t.maxPerBuyer} IS NULL OR ${t.maxPerBuyer} > 0`),
    check(
      'discount_codes_validity',
      sql`${t.validFrom} IS NULL OR ${t.validUntil} IS NULL OR ${t.validFrom} < ${t.validUntil}`,
    ),
  ],
);
