import type { DbOrTx } from '../../db/types';
import type { CertificateIssuer } from './certificate-document';
import { findCertificateSettings } from './certificate-settings';
import { certificateEvent, certificateTickets } from './certificate-tickets';
import { ensureCertificates } from './issue-certificates';

/**
 * For a mail rule that attaches certificates (docs/product/certificates.md#mail): issues one to each recipient
 * ticket that has none, in the rule's transaction, and answers the valid certificate per ticket. Nothing when
 * the event's certificates are off (the rule's query leaves such events out already). Tickets without a name
 * get none: a certificate names its holder.
 */
export async function certificatesForMail(
  tx: DbOrTx,
  input: { eventId: string; ticketIds: string[]; issuer: CertificateIssuer; now: Date },
): Promise<Map<string, string>> {
  const settings = await findCertificateSettings(tx, input.eventId);
  const event = await certificateEvent(tx, input.eventId);
  if (!settings?.enabled || !event || input.ticketIds.length === 0) return new Map();
  const chosen = (
    await certificateTickets(tx, { eventId: input.eventId, ticketIds: input.ticketIds })
  ).filter((ticket) => ticket.status === 'active' && ticket.holderName);
  const { byTicket } = await ensureCertificates(tx, {
    event,
    settings,
    issuer: input.issuer,
    tickets: chosen,
    actorId: null,
    now: input.now,
  });
  return byTicket;
}
