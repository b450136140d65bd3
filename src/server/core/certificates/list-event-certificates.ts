import { desc, eq } from 'drizzle-orm';
import type { AdminCertificate, EventCertificates } from '@shared/certificates';
import type { Db } from '../../db/types';
import { certificates } from '../../db/schema';
import { assertEventExists, findCertificateSettings } from './certificate-settings';
import { certificateEvent, certificateTickets, hasNoCheckIn, isEligible } from './certificate-tickets';

/**
 * The certificates section of the participants list (docs/product/certificates.md#by-hand): each ticket with
 * its valid certificate and the earlier ones, whether it gets one by the rule, and the event's state.
 */
export async function listEventCertificates(
  db: Db,
  eventId: string,
  now = new Date(),
): Promise<EventCertificates> {
  await assertEventExists(db, eventId);
  const event = (await certificateEvent(db, eventId))!;
  const settings = await findCertificateSettings(db, eventId);
  const withoutCheckIn = await hasNoCheckIn(db, eventId);
  const ticketRows = await certificateTickets(db, { eventId });
  const issued = await db
    .select()
    .from(certificates)
    .where(eq(certificates.eventId, eventId))
    .orderBy(desc(certificates.issuedAt), desc(certificates.createdAt));
  const byTicket = new Map<string, AdminCertificate[]>();
  for (const row of issued) {
    const list = byTicket.get(row.ticketId) ?? [];
    list.push({
      id: row.id,
      code: row.code,
      status: row.status,
      holderName: row.holderName,
      issuedAt: row.issuedAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
    });
    byTicket.set(row.ticketId, list);
  }
  return {
    enabled: settings?.enabled ?? false,
    started: event.startTime.getTime() <= now.getTime(),
    withoutCheckIn,
    tickets: ticketRows.map((ticket) => {
      const all = byTicket.get(ticket.ticketId) ?? [];
      return {
        ticketId: ticket.ticketId,
        holderName: ticket.holderName,
        code: ticket.code,
        ticketStatus: ticket.status,
        checkedIn: ticket.checkedIn,
        eligible: isEligible(ticket, withoutCheckIn),
        current: all.find((certificate) => certificate.status === 'valid') ?? null,
        earlier: all.filter((certificate) => certificate.status !== 'valid'),
      };
    }),
  };
}
