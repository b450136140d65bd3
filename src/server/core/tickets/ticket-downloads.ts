import { ticketCode } from '@shared/booking';
import { ticketImageFileName, ticketPdfFileName } from '@shared/tickets';
import type { Actor } from '../actor';
import {
  refreshTicketPreview,
  ticketForDownload,
  ticketPdf,
  ticketPng,
  type TicketFileDeps,
} from './ticket-files';

// One ticket's files for its owner or an admin; anyone else gets the 404 of a ticket that does not exist
// (docs/product/tickets-and-refunds.md#ticket-documents).

export interface TicketFile {
  body: Buffer;
  /** For Content-Disposition. */
  fileName: string;
}

export async function downloadTicketPdf(
  deps: TicketFileDeps,
  ticketId: string,
  user: Actor & { email?: string },
): Promise<TicketFile> {
  const row = await ticketForDownload(deps.db, ticketId, user);
  const body = await ticketPdf(deps, row);
  return { body, fileName: ticketPdfFileName(ticketCode(row.ticket.ticketNumber)) };
}

export async function downloadTicketImage(
  deps: TicketFileDeps,
  ticketId: string,
  user: Actor & { email?: string },
): Promise<TicketFile> {
  const row = await ticketForDownload(deps.db, ticketId, user);
  return { body: await ticketPng(deps, row), fileName: ticketImageFileName(row.ticket.id) };
}

/** The admins' 'Vorschau neu rendern': the ticket's stored preview rendered again; answers its URL. */
export async function rerenderTicketPreview(
  deps: TicketFileDeps,
  ticketId: string,
  user: Actor,
): Promise<string> {
  const row = await ticketForDownload(deps.db, ticketId, user);
  return refreshTicketPreview(deps, row);
}
