import { sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { userNotificationPreferences } from '../../db/schema';

/**
 * A code or link that arrived proves the address
 * (docs/product/accounts-and-consent.md#sign-in-confirms-email).
 */
export async function markEmailConfirmed(db: Db, userId: string): Promise<void> {
  const now = new Date();
  await db
    .insert(userNotificationPreferences)
    .values({ userId, emailConfirmed: true, confirmedAt: now })
    .onConflictDoUpdate({
      target: userNotificationPreferences.userId,
      set: {
        emailConfirmed: true,
        confirmedAt: sql`coalesce(${userNotificationPreferences.confirmedAt}, ${now})`,
      },
    });
}
