import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CERTIFICATE_MESSAGES } from '@shared/certificates';
import type { Db, DbOrTx } from '../../db/types';
import { certificates, tickets } from '../../db/schema';
import { AppError } from '../app-error';
import type { UseCaseDeps } from '../use-case-deps';
import { certificateDocument } from './certificate-document';
import { newCertificateCode } from './certificate-code';
import { issueContext } from './issue-certificates';

const notFound = () => new AppError('not_found', CERTIFICATE_MESSAGES.notFound);

async function lockValid(tx: DbOrTx, certificateId: string) {
  if (!z.uuid().safeParse(certificateId).success) throw notFound();
  const [row] = await tx.select().from(certificates).where(eq(certificates.id, certificateId)).for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * 'Widerrufen' (docs/product/certificates.md#revoke): the certificate stays, marked revoked, and its check page
 * says so from now on. Only a valid one can be revoked.
 */
export async function revokeCertificate(
  db: Db,
  input: { certificateId: string; actorId: string; now?: Date },
): Promise<{ ok: true }> {
  const now = input.now ?? new Date();
  await db.transaction(async (tx) => {
    const row = await lockValid(tx, input.certificateId);
    if (row.status === 'revoked') throw new AppError('conflict', CERTIFICATE_MESSAGES.alreadyRevoked);
    if (row.status !== 'valid') throw new AppError('conflict', CERTIFICATE_MESSAGES.notValid);
    await tx
      .update(certificates)
      .set({ status: 'revoked', revokedAt: now, revokedBy: input.actorId })
      .where(eq(certificates.id, row.id));
  });
  return { ok: true };
}

/**
 * 'Neu ausstellen' (docs/product/certificates.md#reissue): after a name change, or when the card's text
 * changed. The ticket takes the given name, the old certificate is marked replaced and points to the new one
 * (with a new check code), all in one transaction. The old code's check page then says 'ersetzt'.
 */
export async function reissueCertificate(
  deps: Pick<UseCaseDeps, 'database' | 'settings'>,
  input: { certificateId: string; name: string; actorId: string | null; now?: Date },
): Promise<{ id: string; code: string }> {
  const now = input.now ?? new Date();
  const { db } = deps.database;
  if (!z.uuid().safeParse(input.certificateId).success) throw notFound();
  const [found] = await db.select().from(certificates).where(eq(certificates.id, input.certificateId));
  if (!found) throw notFound();
  const context = await issueContext(deps, found.eventId, now);
  return db.transaction(async (tx) => {
    const old = await lockValid(tx, input.certificateId);
    if (old.status !== 'valid') throw new AppError('conflict', CERTIFICATE_MESSAGES.notValid);
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, old.ticketId));
    if (!ticket || ticket.status !== 'active') throw new AppError('conflict', CERTIFICATE_MESSAGES.cancelled);
    const name = input.name.trim();
    if (name !== old.holderName) {
      await tx.update(tickets).set({ holderName: name }).where(eq(tickets.id, ticket.id));
    }
    await tx
      .update(certificates)
      .set({ status: 'replaced', revokedAt: now, revokedBy: input.actorId })
      .where(and(eq(certificates.id, old.id), eq(certificates.status, 'valid')));
    const [created] = await tx
      .insert(certificates)
      .values({
        code: newCertificateCode(),
        ticketId: ticket.id,
        eventId: old.eventId,
        holderName: name,
        document: certificateDocument({ holderName: name, ...context, now }),
        issuedAt: now,
        issuedBy: input.actorId,
        createdAt: now,
      })
      .returning({ id: certificates.id, code: certificates.code });
    await tx.update(certificates).set({ replacedById: created!.id }).where(eq(certificates.id, old.id));
    return created!;
  });
}
