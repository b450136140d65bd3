import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx, Event } from '../db/types';
import { certificateSettings, certificates, tickets } from '../db/schema';
import { certificateTickets } from '../core/certificates/certificate-tickets';
import { ensureCertificates } from '../core/certificates/issue-certificates';
import { demoOperator } from './seed-operator';

const DAY = 86_400_000;

/**
 * The past demo workshop with certificates on (docs/product/certificates.md#demo): the card filled in, one
 * certificate per checked-in ticket issued the day after the event, and one of them revoked since, so the
 * participants list, Meine Tickets and the check page show every state.
 */
export async function seedCertificates(tx: DbOrTx, options: { event: Event; now: Date }): Promise<void> {
  const { event, now } = options;
  const [settings] = await tx
    .insert(certificateSettings)
    .values({
      eventId: event.id,
      enabled: true,
      content:
        'Einführung in die Praxis der Achtsamkeit im Alltag: kurze Atempausen, achtsames Gehen und ein freundlicher Umgang mit Stress, mit Übungen für den Berufsalltag.',
      topics:
        'Atempausen zwischen Terminen\nAchtsames Gehen\nStress erkennen und freundlich begegnen\nÜbungen für zu Hause',
      amount: '8',
      unit: 'ue',
      leaderName: 'Miriam Albers',
      leaderRole: 'Kursleitung, MBSR-Lehrerin',
      accreditation: 'Als Fortbildung anerkannt (8 UE).',
      updatedAt: new Date(event.startTime.getTime() - 7 * DAY),
    })
    .returning();
  const checkedIn = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.eventId, event.id), eq(tickets.status, 'active'), isNotNull(tickets.checkedInAt)))
    .orderBy(asc(tickets.createdAt), asc(tickets.position));
  const issuedAt = new Date(Math.min(now.getTime(), event.endTime.getTime() + DAY));
  const issuer = {
    name: demoOperator.name,
    address: [demoOperator.street, `${demoOperator.postalCode} ${demoOperator.city}`.trim()]
      .filter(Boolean)
      .join(', '),
  };
  const { byTicket } = await ensureCertificates(tx, {
    event,
    settings: settings!,
    issuer,
    tickets: await certificateTickets(tx, { ticketIds: checkedIn.map((row) => row.id) }),
    actorId: null,
    now: issuedAt,
  });
  // the last one was revoked a week later (a booking made by mistake)
  const lastTicket = checkedIn.at(-1)?.id;
  const revoked = lastTicket ? byTicket.get(lastTicket) : undefined;
  if (revoked) {
    await tx
      .update(certificates)
      .set({ status: 'revoked', revokedAt: new Date(Math.min(now.getTime(), issuedAt.getTime() + 7 * DAY)) })
      .where(eq(certificates.id, revoked));
  }
}
