import { and, eq, gt } from 'drizzle-orm';
import type { ConsentPurpose } from '@shared/consent-texts';
import type { ConsentState, ProfileDetails } from '@shared/profile';
import type { Db } from '../../db/types';
import { consents, profiles, userNotificationPreferences, verification } from '../../db/schema';
import { AppError } from '../app-error';
import { loadSessionUser } from '../auth/load-session-user';
import { emailChangeIdentifier, pendingEmailOf } from './email-change-token';

export interface GetProfileOptions {
  db: Db;
  userId: string;
}

/** The own profile (GET /api/profile): the session's fields plus website, bio, portrait, consents. */
export async function getProfile({ db, userId }: GetProfileOptions): Promise<ProfileDetails> {
  const sessionUser = await loadSessionUser(db, userId);
  if (!sessionUser) throw new AppError('not_found', 'Profil nicht gefunden.');
  const [extra] = await db
    .select({
      website: profiles.website,
      bio: profiles.bio,
      portraitUrl: profiles.portraitUrl,
      updatedAt: profiles.updatedAt,
      newsletter: userNotificationPreferences.globalMarketingEnabled,
    })
    .from(profiles)
    .leftJoin(userNotificationPreferences, eq(userNotificationPreferences.userId, profiles.id))
    .where(eq(profiles.id, userId));
  const consentRows = await db.select().from(consents).where(eq(consents.userId, userId));
  const pending = await db
    .select({ value: verification.value })
    .from(verification)
    .where(
      and(eq(verification.identifier, emailChangeIdentifier(userId)), gt(verification.expiresAt, new Date())),
    )
    .limit(1);

  const consentOf = (purpose: ConsentPurpose): ConsentState | null => {
    const row = consentRows.find((candidate) => candidate.purpose === purpose);
    if (!row) return null;
    return {
      granted: row.granted,
      version: row.version,
      givenAt: row.givenAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
    };
  };
  return {
    ...sessionUser,
    website: extra?.website ?? null,
    bio: extra?.bio ?? null,
    portraitUrl: extra?.portraitUrl ?? null,
    newsletter: extra?.newsletter ?? false,
    pendingEmail: pending[0] ? pendingEmailOf(pending[0].value) : null,
    consents: { dsgvo: consentOf('dsgvo'), marketing: consentOf('marketing') },
    updatedAt: (extra?.updatedAt ?? new Date()).toISOString(),
  };
}
