import { eq } from 'drizzle-orm';
import {
  abbreviatedName,
  amountText,
  CERTIFICATE_CODE_PATTERN,
  CERTIFICATE_MESSAGES,
  type CertificateCheck,
} from '@shared/certificates';
import type { Db } from '../../db/types';
import { certificates, events } from '../../db/schema';
import { AppError } from '../app-error';
import { enforceRateLimits } from '../auth/rate-limit';
import { germanDay } from './certificate-document';

/**
 * The public check of a code (docs/product/certificates.md#check-page): anyone may ask, without an account,
 * limited per client like the sign-in (AUTH_CLIENT_LIMIT in ten minutes), every try counted, found or not, so
 * codes cannot be guessed (docs/decisions/064-certificates.md#check-code). Answers the state, the name
 * abbreviated, the event, its dates and the amount; nothing else of the person. Unknown: 404.
 */
export async function checkCertificate(
  db: Db,
  input: { code: string; clientIp: string; clientLimit: number },
): Promise<CertificateCheck> {
  await enforceRateLimits(db, [
    { key: `certificate-check:client:${input.clientIp}`, max: input.clientLimit, windowSeconds: 600 },
  ]);
  const code = input.code.trim().toUpperCase();
  if (!CERTIFICATE_CODE_PATTERN.test(code))
    throw new AppError('not_found', CERTIFICATE_MESSAGES.checkNotFound);
  const [row] = await db
    .select({ certificate: certificates, timezone: events.timezone })
    .from(certificates)
    .innerJoin(events, eq(events.id, certificates.eventId))
    .where(eq(certificates.code, code));
  if (!row) throw new AppError('not_found', CERTIFICATE_MESSAGES.checkNotFound);
  const { certificate } = row;
  const { document } = certificate;
  return {
    code: certificate.code,
    status: certificate.status,
    holder: abbreviatedName(certificate.holderName),
    eventTitle: document.eventTitle,
    dates: document.dates,
    amount: amountText(document.amount, document.unit),
    organizer: document.organizer.name,
    issuedOn: document.issuedOn,
    endedOn: certificate.revokedAt ? germanDay(certificate.revokedAt, row.timezone) : null,
  };
}
