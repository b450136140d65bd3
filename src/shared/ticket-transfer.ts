import { z } from 'zod';
import { emailSchema } from './auth-schemas';

// Transferring a ticket to a substitute and fixing the name on it
// (docs/product/tickets-and-refunds.md#ticket-transfer, docs/product/tickets-and-refunds.md#holder-name-change).
// Every endpoint answers the ticket as 'Meine Tickets' shows it (MyTicket in ./tickets).

const holderNameSchema = z
  .string({ error: 'Bitte gib den Namen der Person ein.' })
  .trim()
  .min(2, 'Bitte gib den vollständigen Namen ein (mindestens 2 Zeichen).')
  .max(120, 'Der Name darf höchstens 120 Zeichen lang sein.');

/** POST /api/tickets/:id/transfer and POST /api/admin/tickets/:id/transfer. */
export const ticketTransferSchema = z.object({ name: holderNameSchema, email: emailSchema });
export type TicketTransferInput = z.infer<typeof ticketTransferSchema>;

/** PATCH /api/tickets/:id/holder-name. */
export const holderNameChangeSchema = z.object({ name: holderNameSchema });
export type HolderNameChangeInput = z.infer<typeof holderNameChangeSchema>;

export const TICKET_TRANSFER_MESSAGES = {
  cancelled: 'Stornierte Tickets können nicht übertragen werden.',
  checkedIn: 'Eingecheckte Tickets können nicht übertragen werden.',
  started: 'Tickets für Events, die bereits begonnen haben, können nicht mehr übertragen werden.',
  sameHolder: 'Das Ticket ist bereits auf diese Person ausgestellt.',
  nameCancelled: 'Bei stornierten Tickets kann der Name nicht mehr geändert werden.',
  nameStarted: 'Der Name auf dem Ticket kann nach Beginn des Events nicht mehr geändert werden.',
  notBuyer: 'Nur wer das Ticket gebucht hat, kann es übertragen oder den Namen ändern.',
} as const;

/** After the cut-off: 'Tickets für dieses Event können nur bis 12.12.2026, 08:00 Uhr übertragen werden.' */
export function transferClosedMessage(cutoff: Date, timezone: string): string {
  const when = cutoff.toLocaleString('de-DE', {
    timeZone: timezone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return `Tickets für dieses Event können nur bis ${when} Uhr übertragen werden.`;
}

/** The last moment a buyer may transfer: the start minus the event's cut-off hours. */
export const transferCutoff = (startTime: Date | string, cutoffHours: number): Date =>
  new Date(new Date(startTime).getTime() - cutoffHours * 3_600_000);

/** The mail subject the buyer (or previous holder) gets: 'Ticket übertragen an Lea Sommer'. */
export const transferredToSubject = (name: string) => `Ticket übertragen an ${name}`;
