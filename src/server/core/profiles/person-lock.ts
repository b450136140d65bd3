import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { profiles } from '../../db/schema';

// Account deletion and the changes that create things in a person's name serialise on the person
// (docs/product/accounts-and-consent.md#deletion-serialised, decision 045). The lock is the person's
// `profiles` row, the row bookings and tickets point at: a transaction that books, settles a payment or
// confirms an e-mail change holds it shared (FOR KEY SHARE, as the foreign key of a new booking would), the
// deletion's erasure holds it exclusively (FOR UPDATE) from its first statement to its commit. So a booking
// either commits before the erasure reads the person's bookings (and is cancelled by it), or waits for the
// erasure and finds the person gone. Row locks work alike on PostgreSQL and PGlite. Take the person first,
// before any other row, so the two sides never wait for each other in opposite order.

/** Holds the person for this transaction; false when the account is gone (deleted meanwhile). */
export async function holdPerson(tx: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for('key share');
  return row !== undefined;
}

/** The deletion's exclusive hold: waits for every booking and payment in flight of the person. */
export async function lockPersonForDeletion(tx: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for('update');
  return row !== undefined;
}
