import type { ConsentPurpose } from '@shared/consent-texts';
import type { ProfileDetails } from '@shared/profile';
import type { Db } from '../../db/types';
import { getProfile } from './get-profile';
import { recordConsent } from './record-consent';

export interface SetConsentOptions {
  db: Db;
  userId: string;
  purpose: ConsentPurpose;
  granted: boolean;
}

/**
 * The consent checkboxes of 'Mein Profil': grant or revoke, effective at once
 * (docs/product/accounts-and-consent.md#profile-autosave).
 */
export async function setConsent({
  db,
  userId,
  purpose,
  granted,
}: SetConsentOptions): Promise<ProfileDetails> {
  await db.transaction((tx) => recordConsent({ tx, userId, purpose, granted, source: 'profile' }));
  return getProfile({ db, userId });
}
