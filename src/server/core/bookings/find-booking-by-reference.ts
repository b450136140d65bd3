import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { normalizeOrderNumber } from '@shared/order-number';
import type { DbOrTx } from '../../db/types';
import { bookings } from '../../db/schema';

/**
 * The id of the booking an admin means (docs/decisions/020-order-numbers.md): its id, or its order number
 * typed in any case, with spaces or without the prefix. Null when there is none.
 */
export async function findBookingIdByReference(db: DbOrTx, reference: string): Promise<string | null> {
  const text = reference.trim();
  const orderNumber = normalizeOrderNumber(text);
  const isId = z.uuid().safeParse(text).success;
  if (!orderNumber && !isId) return null;
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(isId ? eq(bookings.id, text) : eq(bookings.orderNumber, orderNumber!))
    .limit(1);
  return row?.id ?? null;
}
