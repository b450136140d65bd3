import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userNotificationPreferences } from '../../db/schema';

/** A code or link that arrived proves the address (spec visitor §4: email_confirmed, confirmed_at). */
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
