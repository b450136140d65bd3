import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { certificates, tickets } from '../../db/schema';

/** One certificate in 'Meine Daten herunterladen' (docs/product/certificates.md#privacy). */
export interface ExportedCertificate {
  code: string;
  status: string;
  holderName: string;
  eventTitle: string;
  dates: string;
  issuedAt: string;
  revokedAt: string | null;
}

/** The tickets the person holds: bought and not passed on, or passed on to their address. */
const heldBy = (userId: string, email: string) =>
  or(and(eq(tickets.profileId, userId), isNull(tickets.holderEmail)), eq(tickets.holderEmail, email));

/** The certificates in the person's name, for the data export (Art. 15 GDPR). */
export async function certificatesOfPerson(
  db: DbOrTx,
  input: { userId: string; email: string },
): Promise<ExportedCertificate[]> {
  const rows = await db
    .select({ certificate: certificates })
    .from(certificates)
    .innerJoin(tickets, eq(tickets.id, certificates.ticketId))
    .where(heldBy(input.userId, input.email.trim().toLowerCase()))
    .orderBy(asc(certificates.issuedAt));
  return rows.map(({ certificate }) => ({
    code: certificate.code,
    status: certificate.status,
    holderName: certificate.holderName,
    eventTitle: certificate.document.eventTitle,
    dates: certificate.document.dates,
    issuedAt: certificate.issuedAt.toISOString(),
    revokedAt: certificate.revokedAt?.toISOString() ?? null,
  }));
}

/**
 * Account deletion (docs/product/certificates.md#privacy, docs/decisions/064-certificates.md#deletion): the
 * certificates in the person's name are deleted with their PDFs; their check codes then answer 'unknown'.
 * Call it before the tickets forget their holder. Answers how many went.
 */
export async function eraseCertificatesOfPerson(
  tx: DbOrTx,
  input: { userId: string; email: string },
): Promise<number> {
  const held = tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(heldBy(input.userId, input.email.trim().toLowerCase()));
  const deleted = await tx
    .delete(certificates)
    .where(inArray(certificates.ticketId, held))
    .returning({ id: certificates.id });
  return deleted.length;
}
