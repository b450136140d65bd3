import type { LegalSettings } from '@shared/legal-settings';
import { ACCESSIBILITY_LABELS } from '@shared/accessibility';
import type { AccessibilityStatement, AppSettings, OperatorInfo } from '@shared/settings';
import { zonedParts } from '@shared/event-rules';
import type { Db } from '../../db/types';
import { AppError } from '../app-error';
import { publishEventChange } from '../events/event-changes';
import type { SettingsStore } from './settings-store';
import { mergeSettingRow, putSettingValue } from './setting-rows';

/** Refused: a statement dated after today (in the shop's time zone) has not been written yet. */
export const FUTURE_STATEMENT_MESSAGE = `${ACCESSIBILITY_LABELS.accessibilityReviewedOn}: bitte kein Datum in der Zukunft angeben.`;

/**
 * Card 'Rechtliches & Betreiber' (docs/decisions/021): the operator's data, the three legal URLs, the
 * support e-mail and the accessibility statement (decision 047), in one transaction. The support address is
 * also the brand's contact address (decision 009). Required fields may still be empty; the admin dashboard
 * names them until they are filled.
 */
export async function saveLegalSettings(options: {
  db: Db;
  settings: SettingsStore;
  input: LegalSettings;
  now?: Date;
}): Promise<AppSettings> {
  const { db, settings, input, now = new Date() } = options;
  const {
    imprintUrl,
    privacyUrl,
    termsUrl,
    supportEmail,
    accessibilityConformity,
    accessibilityKnownGaps,
    accessibilityContactEmail,
    accessibilityAuthority,
    accessibilityReviewedOn,
    ...fields
  } = input;
  const { timezone } = await settings.get();
  const { year, month, day } = zonedParts(now, timezone.name);
  if (accessibilityReviewedOn > `${year}-${month}-${day}`) {
    throw new AppError('validation_failed', FUTURE_STATEMENT_MESSAGE, [
      { path: 'accessibilityReviewedOn', message: FUTURE_STATEMENT_MESSAGE },
    ]);
  }
  const operator: OperatorInfo = fields;
  const accessibility: AccessibilityStatement = {
    conformity: accessibilityConformity,
    knownGaps: accessibilityKnownGaps,
    contactEmail: accessibilityContactEmail,
    authority: accessibilityAuthority,
    reviewedOn: accessibilityReviewedOn,
  };
  await db.transaction(async (tx) => {
    await mergeSettingRow(tx, 'operator', operator);
    await mergeSettingRow(tx, 'legal', { imprintUrl, privacyUrl, termsUrl });
    await mergeSettingRow(tx, 'brand', { contactEmail: supportEmail });
    await putSettingValue(tx, 'supportEmail', supportEmail);
    await mergeSettingRow(tx, 'accessibility', accessibility);
    await publishEventChange(tx, null); // other app instances drop their cached settings
  });
  settings.invalidate();
  return settings.get();
}
