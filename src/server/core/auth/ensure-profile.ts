import type { Db } from '../../db/types';
import { profiles, userNotificationPreferences } from '../../db/schema';

/**
 * Every user has a profile; a new one takes full_name from the user's
 * name, else the part of the e-mail before the at sign (docs/product/accounts-and-consent.md#stand-in-name),
 * and the role attendee. Safe to call twice
 * (a duplicate key is ignored, and the row is read again).
 */
export async function ensureProfile(db: Db, input: { id: string; email: string; name?: string | null }) {
  const email = input.email.toLowerCase();
  const fullName = input.name?.trim() || email.split('@')[0] || null;
  await db
    .insert(profiles)
    .values({ id: input.id, email, fullName, role: 'attendee', isVerified: false, preferences: {} })
    .onConflictDoNothing();
  await db.insert(userNotificationPreferences).values({ userId: input.id }).onConflictDoNothing();
}
