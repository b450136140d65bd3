// Order numbers are drawn at random and made unique by the database (docs/decisions/020-order-numbers.md):
// a booking whose number is taken already draws again.

/** One clash in about 887 million / bookings so far; a third in a row means something else is wrong. */
const ATTEMPTS = 3;
const CONSTRAINT = 'bookings_order_number_unique';

/** A unique violation of bookings.order_number from either driver (Drizzle wraps the driver's error in `cause`). */
export function isOrderNumberClash(error: unknown): boolean {
  for (const candidate of [error, (error as { cause?: unknown } | null)?.cause]) {
    const found = candidate as { code?: unknown; constraint?: unknown; message?: unknown } | null;
    if (found?.code !== '23505') continue;
    if (found.constraint === CONSTRAINT || String(found.message).includes(CONSTRAINT)) return true;
  }
  return false;
}

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
