import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { certificateCheckPath, certificateFileName, CERTIFICATE_MESSAGES } from '@shared/certificates';
import type { FileStorage } from '../../adapters/storage/storage';
import type { Config } from '../../config';
import type { Db } from '../../db/types';
import { certificates, tickets } from '../../db/schema';
import { AppError } from '../app-error';
import type { SettingsStore } from '../settings/settings-store';
import { renderCertificatePdf } from './certificate-pdf';
import { certificateDocument, issuerOf } from './certificate-document';
import { assertEventExists, findCertificateSettings } from './certificate-settings';
import { certificateEvent } from './certificate-tickets';

export interface CertificateFileDeps {
  db: Db;
  storage: FileStorage;
  settings: SettingsStore;
  config: Pick<Config, 'publicUrl'>;
}

const notFound = () => new AppError('not_found', CERTIFICATE_MESSAGES.notFound);

/** The check page's absolute URL, what the QR code holds. */
export const checkUrlOf = (config: Pick<Config, 'publicUrl'>, code: string) =>
  `${config.publicUrl.replace(/\/+$/, '')}${certificateCheckPath(code)}`;

/**
 * The certificate's PDF and its file name: made at the first download (or mail) and kept in the row, so every
 * later download is the same bytes (docs/product/certificates.md#document). Revoked and replaced ones are
 * rendered as issued; only the back office downloads those.
 */
export async function certificatePdf(
  deps: CertificateFileDeps,
  certificateId: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  if (!z.uuid().safeParse(certificateId).success) throw notFound();
  const [row] = await deps.db.select().from(certificates).where(eq(certificates.id, certificateId));
  if (!row) throw notFound();
  const fileName = certificateFileName(row.document);
  if (row.pdf) return { pdf: row.pdf, fileName };
  const key = row.document.signatureKey;
  const signature = key ? await deps.storage.read(key).catch(() => null) : null;
  const pdf = await renderCertificatePdf({
    document: row.document,
    code: row.code,
    checkUrl: checkUrlOf(deps.config, row.code),
    signature,
    siteName: (await deps.settings.get()).brand.siteName,
  });
  // a second renderer in parallel keeps the first one's bytes
  await deps.db
    .update(certificates)
    .set({ pdf })
    .where(and(eq(certificates.id, row.id), isNull(certificates.pdf)));
  const [kept] = await deps.db
    .select({ pdf: certificates.pdf })
    .from(certificates)
    .where(eq(certificates.id, row.id));
  return { pdf: kept?.pdf ?? pdf, fileName };
}

/** The mail rule's attachment (docs/product/certificates.md#mail), rendered by the outbox worker. */
export async function certificatePdfForMail(
  deps: CertificateFileDeps,
  certificateId: string,
): Promise<Buffer> {
  return (await certificatePdf(deps, certificateId)).pdf;
}

/**
 * 'Bescheinigung' in Meine Tickets (docs/product/certificates.md#my-tickets): the person who holds the ticket
 * (the substitute after a transfer, else the buyer) downloads its valid certificate; anyone else gets 404.
 */
export async function myCertificatePdf(
  deps: CertificateFileDeps,
  viewer: { id: string; email: string },
  certificateId: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  if (!z.uuid().safeParse(certificateId).success) throw notFound();
  const [row] = await deps.db
    .select({ status: certificates.status, profileId: tickets.profileId, holderEmail: tickets.holderEmail })
    .from(certificates)
    .innerJoin(tickets, eq(tickets.id, certificates.ticketId))
    .where(eq(certificates.id, certificateId));
  if (!row || row.status !== 'valid') throw notFound();
  const email = viewer.email.trim().toLowerCase();
  const holds = row.holderEmail ? row.holderEmail.toLowerCase() === email : row.profileId === viewer.id;
  if (!holds) throw notFound();
  return certificatePdf(deps, certificateId);
}

/** The code a preview shows: it fits the pattern, but no certificate ever gets it (it has an I and an O). */
export const PREVIEW_CODE = 'MUSTERIOMUST';

/**
 * 'Vorschau (PDF)' of the event card (docs/product/certificates.md#settings): a certificate for 'Erika
 * Mustermann' with the saved settings and signature, nothing stored. Its QR code points to a check page that
 * answers 'unknown'.
 */
export async function previewCertificatePdf(
  deps: CertificateFileDeps,
  eventId: string,
  now = new Date(),
): Promise<{ pdf: Buffer; fileName: string }> {
  await assertEventExists(deps.db, eventId);
  const event = (await certificateEvent(deps.db, eventId))!;
  const settings = await findCertificateSettings(deps.db, eventId);
  const saved = await deps.settings.get();
  const document = certificateDocument({
    holderName: 'Erika Mustermann',
    event,
    settings: settings ?? {
      eventId,
      enabled: false,
      content: '',
      topics: '',
      amount: null,
      unit: 'ue',
      leaderName: '',
      leaderRole: '',
      signatureKey: null,
      accreditation: '',
      updatedAt: now,
    },
    issuer: issuerOf(saved),
    now,
  });
  const key = document.signatureKey;
  const pdf = await renderCertificatePdf({
    document,
    code: PREVIEW_CODE,
    checkUrl: checkUrlOf(deps.config, PREVIEW_CODE),
    signature: key ? await deps.storage.read(key).catch(() => null) : null,
    siteName: saved.brand.siteName,
  });
  return { pdf, fileName: `Vorschau-${certificateFileName(document)}` };
}
