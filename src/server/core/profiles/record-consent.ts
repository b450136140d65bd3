import { and, eq, sql } from 'drizzle-orm';
import { CONSENT_TEXTS, CONSENT_VERSION, type ConsentPurpose } from '@shared/consent-texts';
import type { Db, Tx } from '../../db/types';
import { consents, userNotificationPreferences } from '../../db/schema';

export interface RecordConsentOptions {
  /** The transaction of the change the consent belongs to. */
  tx: Tx | Db;
  userId: string;
  purpose: ConsentPurpose;
  granted: boolean;
  /** Where it was given, e.g. 'onboarding' or 'profile' (stored as metadata.source). */
  source: string;
  now?: Date;
}

/**
 * A consent row keeps version, exact text and time (docs/product/accounts-and-consent.md#consent-recorded).
 * Granting (re)writes text, version and given_at and clears revoked_at; revoking keeps what was agreed to and
 * sets granted false and revoked_at. The marketing consent is mirrored in
 * user_notification_preferences.global_marketing_enabled.
 */
export async function recordConsent({
  tx,
  userId,
  purpose,
  granted,
  source,
  now = new Date(),
}: RecordConsentOptions) {
  if (granted) {
    const values = {
      granted: true,
      version: CONSENT_VERSION,
      consentText: CONSENT_TEXTS[purpose],
      metadata: { source },
      givenAt: now,
      revokedAt: null,
    };
    await tx
      .insert(consents)
      .values({ userId, purpose, ...values })
      .onConflictDoUpdate({ target: [consents.userId, consents.purpose], set: values });
  } else {
    await tx
      .update(consents)
      .set({
        granted: false,
        revokedAt: now,
        metadata: sql`${consents.metadata} || ${JSON.stringify({ revokedVia: source })}::jsonb`,
      })
      .where(and(eq(consents.userId, userId), eq(consents.purpose, purpose)));
  }
  if (purpose === 'marketing') {
    await tx
      .insert(userNotificationPreferences)
      .values({ userId, globalMarketingEnabled: granted })
      .onConflictDoUpdate({
        target: userNotificationPreferences.userId,
        set: { globalMarketingEnabled: granted },
      });
  }
}
