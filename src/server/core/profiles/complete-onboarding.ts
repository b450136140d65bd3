import { eq, sql } from 'drizzle-orm';
import { PROFILE_MESSAGES, type ProfileDetails } from '@shared/profile';
import type { Db } from '../../db/types';
import { profiles } from '../../db/schema';
import { AppError } from '../app-error';
import { getProfile } from './get-profile';
import { namePartsOf } from './name-parts';
import { recordConsent } from './record-consent';

export interface CompleteOnboardingOptions {
  db: Db;
  userId: string;
  fullName: string;
  phone: string;
  dsgvo: boolean;
  newsletter: boolean;
  now?: Date;
}

/**
 * Name and phone (non-empty after trimming) and the DSGVO consent are required; the newsletter is optional
 * (docs/product/accounts-and-consent.md#onboarding-writes). Profile, consents and onboarding_completed_at are
 * written in one transaction, so a failure leaves nothing half done.
 */
export async function completeOnboarding(options: CompleteOnboardingOptions): Promise<ProfileDetails> {
  const { db, userId, dsgvo, newsletter, now = new Date() } = options;
  const names = namePartsOf(options.fullName);
  const phone = options.phone.trim();
  if (!names.fullName || !phone || dsgvo !== true) {
    throw new AppError('validation_failed', PROFILE_MESSAGES.onboarding);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({
        ...names,
        phone,
        // The first completion counts; completing again (e.g. after revoking the consent) keeps it.
        onboardingCompletedAt: sql`coalesce(${profiles.onboardingCompletedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(profiles.id, userId));
    await recordConsent({ tx, userId, purpose: 'dsgvo', granted: true, source: 'onboarding', now });
    // Not chosen means no change: an existing subscription is not revoked by leaving the box empty.
    if (newsletter)
      await recordConsent({ tx, userId, purpose: 'marketing', granted: true, source: 'onboarding', now });
  });
  return getProfile({ db, userId });
}
