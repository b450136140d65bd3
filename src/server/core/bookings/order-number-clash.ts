// Order numbers are drawn at random and made unique by the database (docs/decisions/020-order-numbers.md):
// a booking whose number is taken already draws again.
import { isUniqueViolation } from '../../db/unique-violation';

/** One clash in about 887 million / bookings so far; a third in a row means something else is wrong. */
const ATTEMPTS = 3;
const CONSTRAINT = 'bookings_order_number_unique';

/** A unique violation of bookings.order_number, from either driver. */
export const isOrderNumberClash = (error: unknown) => isUniqueViolation(error, CONSTRAINT);

/** Runs `insert` with a fresh order number, again with another one when the number was taken. */
export async function withOrderNumber<T>(
  draw: () => string,
  insert: (orderNumber: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insert(draw());
    } catch (error) {
      if (attempt >= ATTEMPTS || !isOrderNumberClash(error)) throw error;
    }
  }
}
