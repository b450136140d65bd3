import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { certificateSettingsSchema } from '@shared/certificates';
import { CERTIFICATE_MESSAGES, incompleteSettings, type CertificateSettingsView } from '@shared/certificates';
import type { DbOrTx } from '../../db/types';
import { certificateSettings, events } from '../../db/schema';
import { AppError } from '../app-error';

export type CertificateSettingsRow = typeof certificateSettings.$inferSelect;

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** The event's id, or 404 in German. */
export async function assertEventExists(db: DbOrTx, eventId: string): Promise<string> {
  const notFound = new AppError('not_found', CERTIFICATE_MESSAGES.eventNotFound);
  if (!isUuid(eventId)) throw notFound;
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw notFound;
  return event.id;
}

/** The event's row, or null while the admin never saved the card (then certificates are off). */
export async function findCertificateSettings(
  db: DbOrTx,
  eventId: string,
): Promise<CertificateSettingsRow | null> {
  const [row] = await db.select().from(certificateSettings).where(eq(certificateSettings.eventId, eventId));
  return row ?? null;
}

/** '6.50' as the form shows it: '6,5'. */
const shownAmount = (amount: string | null) =>
  amount === null ? '' : String(Number(amount)).replace('.', ',');

export function settingsView(row: CertificateSettingsRow | null): CertificateSettingsView {
  return {
    enabled: row?.enabled ?? false,
    content: row?.content ?? '',
    topics: row?.topics ?? '',
    amount: shownAmount(row?.amount ?? null),
    unit: row?.unit ?? 'ue',
    leaderName: row?.leaderName ?? '',
    leaderRole: row?.leaderRole ?? '',
    accreditation: row?.accreditation ?? '',
    hasSignature: Boolean(row?.signatureKey),
  };
}

/** GET …/certificate-settings (docs/product/certificates.md#settings). */
export async function loadCertificateSettings(db: DbOrTx, eventId: string): Promise<CertificateSettingsView> {
  await assertEventExists(db, eventId);
  return settingsView(await findCertificateSettings(db, eventId));
}

/**
 * Saves the card 'Teilnahmebescheinigung' (docs/product/certificates.md#settings). Switching on needs what the
 * certificate confirms: a content and an amount; issued certificates keep what they said (their document).
 */
export async function saveCertificateSettings(
  db: DbOrTx,
  input: { eventId: string; settings: z.output<typeof certificateSettingsSchema>; now?: Date },
): Promise<CertificateSettingsView> {
  const eventId = await assertEventExists(db, input.eventId);
  const { settings } = input;
  const details = incompleteSettings(settings);
  if (details.length > 0) {
    throw new AppError('validation_failed', CERTIFICATE_MESSAGES.incomplete, details);
  }
  const values = {
    enabled: settings.enabled,
    content: settings.content,
    topics: settings.topics
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join('\n'),
    amount: settings.amount === '' ? null : settings.amount,
    unit: settings.unit,
    leaderName: settings.leaderName,
    leaderRole: settings.leaderRole,
    accreditation: settings.accreditation,
    updatedAt: input.now ?? sql`now()`,
  };
  const [row] = await db
    .insert(certificateSettings)
    .values({ eventId, ...values })
    .onConflictDoUpdate({ target: certificateSettings.eventId, set: values })
    .returning();
  return settingsView(row ?? null);
}
