import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { CERTIFICATE_MESSAGES } from '@shared/certificates';
import type { DbOrTx } from '../../db/types';
import { certificates } from '../../db/schema';
import { AppError } from '../app-error';
import type { UseCaseDeps } from '../use-case-deps';
import { newCertificateCode } from './certificate-code';
import { certificateDocument, issuerOf, type CertificateIssuer } from './certificate-document';
import {
  assertEventExists,
  findCertificateSettings,
  type CertificateSettingsRow,
} from './certificate-settings';
import {
  certificateEvent,
  certificateTickets,
  hasNoCheckIn,
  isEligible,
  type CertificateTicket,
} from './certificate-tickets';

type IssueEvent = NonNullable<Awaited<ReturnType<typeof certificateEvent>>>;

/**
 * Writes a valid certificate for each given ticket that has none (docs/product/certificates.md#issue) and
 * answers the valid certificate's id per ticket, old and new. The partial unique index allows one valid
 * certificate per ticket: a ticket another transaction just gave one is skipped and read back.
 */
export async function ensureCertificates(
  tx: DbOrTx,
  input: {
    event: IssueEvent;
    settings: CertificateSettingsRow;
    issuer: CertificateIssuer;
    tickets: CertificateTicket[];
    actorId: string | null;
    now: Date;
  },
): Promise<{ byTicket: Map<string, string>; issued: number }> {
  const ticketIds = input.tickets.map((ticket) => ticket.ticketId);
  if (ticketIds.length === 0) return { byTicket: new Map(), issued: 0 };
  const validOf = async () =>
    new Map(
      (
        await tx
          .select({ id: certificates.id, ticketId: certificates.ticketId })
          .from(certificates)
          .where(and(inArray(certificates.ticketId, ticketIds), eq(certificates.status, 'valid')))
      ).map((row) => [row.ticketId, row.id]),
    );
  const existing = await validOf();
  const missing = input.tickets.filter((ticket) => !existing.has(ticket.ticketId));
  if (missing.length === 0) return { byTicket: existing, issued: 0 };
  const inserted = await tx
    .insert(certificates)
    .values(
      missing.map((ticket) => ({
        code: newCertificateCode(),
        ticketId: ticket.ticketId,
        eventId: input.event.id,
        holderName: ticket.holderName,
        document: certificateDocument({
          holderName: ticket.holderName,
          event: input.event,
          settings: input.settings,
          issuer: input.issuer,
          now: input.now,
        }),
        issuedAt: input.now,
        issuedBy: input.actorId,
        createdAt: input.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: certificates.id });
  return { byTicket: await validOf(), issued: inserted.length };
}

/** The reasons a ticket gets no certificate, in German; null when it may get one. */
function refusal(ticket: CertificateTicket): string | null {
  if (ticket.status !== 'active') return CERTIFICATE_MESSAGES.cancelled;
  if (!ticket.holderName) return CERTIFICATE_MESSAGES.noName;
  return null;
}

/** The event, its enabled settings and the issuer, or the German refusal. */
export async function issueContext(
  deps: Pick<UseCaseDeps, 'database' | 'settings'>,
  eventId: string,
  now: Date,
) {
  const { db } = deps.database;
  await assertEventExists(db, eventId);
  const event = (await certificateEvent(db, eventId))!;
  const settings = await findCertificateSettings(db, eventId);
  if (!settings?.enabled) throw new AppError('conflict', CERTIFICATE_MESSAGES.notEnabled);
  if (event.startTime.getTime() > now.getTime())
    throw new AppError('conflict', CERTIFICATE_MESSAGES.notStarted);
  return { event, settings, issuer: issuerOf(await deps.settings.get()) };
}

/**
 * 'Ausstellen' in the participants list (docs/product/certificates.md#by-hand): the named tickets (the admin
 * decides, e.g. a person the door scanner missed), or with none named every ticket that gets one by the rule
 * of docs/product/certificates.md#who and has none yet. A cancelled ticket is refused, and nothing is issued.
 */
export async function issueCertificates(
  deps: Pick<UseCaseDeps, 'database' | 'settings'>,
  input: { eventId: string; ticketIds?: string[]; actorId: string; now?: Date },
): Promise<{ issued: number }> {
  const now = input.now ?? new Date();
  const { db } = deps.database;
  const context = await issueContext(deps, input.eventId, now);
  return db.transaction(async (tx) => {
    let chosen: CertificateTicket[];
    if (input.ticketIds) {
      const ids = [...new Set(input.ticketIds)].filter((id) => z.uuid().safeParse(id).success);
      chosen = await certificateTickets(tx, { eventId: context.event.id, ticketIds: ids });
      if (chosen.length !== input.ticketIds.length || ids.length !== input.ticketIds.length) {
        throw new AppError('not_found', CERTIFICATE_MESSAGES.ticketNotFound);
      }
      for (const ticket of chosen) {
        const reason = refusal(ticket);
        if (reason) throw new AppError('conflict', reason);
      }
    } else {
      const withoutCheckIn = await hasNoCheckIn(tx, context.event.id);
      chosen = (await certificateTickets(tx, { eventId: context.event.id })).filter(
        (ticket) => isEligible(ticket, withoutCheckIn) && ticket.holderName,
      );
    }
    const { issued } = await ensureCertificates(tx, {
      ...context,
      tickets: chosen,
      actorId: input.actorId,
      now,
    });
    return { issued };
  });
}
