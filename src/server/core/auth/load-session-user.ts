import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '@shared/session';
import type { Db } from '../../db/client';
import { consents, profiles, user, userNotificationPreferences } from '../../db/schema';
import { ensureProfile } from './ensure-profile';

/** The signed-in user as the client sees it: profile, confirmed e-mail and DSGVO consent. */
export async function loadSessionUser(db: Db, userId: string): Promise<SessionUser | null> {
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      profile: profiles,
      emailConfirmed: userNotificationPreferences.emailConfirmed,
      dsgvo: consents.granted,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(userNotificationPreferences, eq(userNotificationPreferences.userId, user.id))
    .leftJoin(consents, and(eq(consents.userId, user.id), eq(consents.purpose, 'dsgvo')))
    .where(eq(user.id, userId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (!row.profile) {
    // spec visitor §4 'Profile lookup': none yet → create it, then read again.
    await ensureProfile(db, { id: row.id, email: row.email, name: row.name });
    return loadSessionUser(db, userId);
  }
  const p = row.profile;
  return {
    id: row.id,
    email: row.email,
    fullName: p.fullName,
    displayName: p.displayName,
    phone: p.phone,
    role: p.role,
    avatarUrl: p.avatarUrl,
    emailConfirmed: Boolean(row.emailVerified || row.emailConfirmed),
    hasDsgvoConsent: row.dsgvo === true,
    onboardingCompletedAt: p.onboardingCompletedAt?.toISOString() ?? null,
  };
}
