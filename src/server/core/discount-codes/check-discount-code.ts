import { eq } from 'drizzle-orm';
import { DISCOUNT_CODE_MESSAGES, type DiscountCodePreview } from '@shared/discount-codes';
import type { Db } from '../../db/types';
import { events } from '../../db/schema';
import { AppError } from '../app-error';
import { enforceRateLimits } from '../auth/rate-limit';
import { loadCategories, publicCategoriesOf } from '../ticket-categories/category-seats';
import { findOrderCode } from './redeem-code';

const refuse = (message: string) => new AppError('validation_failed', message, [{ path: 'code', message }]);

/**
 * 'Einlösen' at checkout (docs/product/ticket-categories.md#codes): what a code does for this event, before
 * booking, or the German refusal (unknown, expired, not yet valid, used up, not for this event). Tries are
 * limited per client like the sign-in's (AUTH_CLIENT_LIMIT in ten minutes), so codes cannot be guessed by
 * brute force. A code limited to categories none of which belong to this event is not for this event. The
 * hidden categories of this event that the code lists come back with their seats
 * (docs/product/ticket-categories.md#hidden). Checking counts no use: the booking does.
 */
export async function checkDiscountCode(
  db: Db,
  input: { eventId: string; code: string; clientIp: string; clientLimit: number; now: Date },
): Promise<DiscountCodePreview> {
  await enforceRateLimits(db, [
    { key: `discount-check:client:${input.clientIp}`, max: input.clientLimit, windowSeconds: 600 },
  ]);
  const [event] = await db
    .select({ id: events.id, availableSeats: events.availableSeats, status: events.status })
    .from(events)
    .where(eq(events.id, input.eventId));
  if (!event || event.status !== 'published') throw refuse(DISCOUNT_CODE_MESSAGES.wrongEvent);
  const code = await findOrderCode(db, { code: input.code, eventId: event.id, now: input.now });

  const eventCategoryIds = (await loadCategories(db, [event.id])).map((category) => category.id);
  const listed = code.categoryIds && code.categoryIds.length > 0 ? code.categoryIds : null;
  const here = listed ? eventCategoryIds.filter((id) => listed.includes(id)) : null;
  if (here && here.length === 0) throw refuse(DISCOUNT_CODE_MESSAGES.wrongEvent);

  const visible = await publicCategoriesOf(db, [event], here ?? []);
  return {
    code: code.code,
    kind: code.kind,
    value: code.value,
    categoryIds: here,
    unlocked: (visible.get(event.id) ?? []).filter((category) => category.requiresCode),
  };
}
