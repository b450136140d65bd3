// Finding a ticket at the door in the device's own list: by what a scanner read, by the 4-digit code, or by
// name (docs/product/organizer-day.md#check-in, docs/product/organizer-day.md#offline-check-in). The server answers the same questions
// when it can be reached; this is the answer without it.
import { parseTicketScan, type ParticipantState } from '@shared/participants';
import type { DoorTicket } from './check-in-queue';

/** What the door shows: the server's CheckInOutcome, or the same answer made on the device. */
export type DoorOutcome =
  | { result: 'checked-in'; participant: DoorTicket }
  | { result: 'already'; participant: DoorTicket }
  | { result: 'cancelled'; participant: DoorTicket }
  | { result: 'other-event'; eventTitle: string }
  | { result: 'unknown' };

const idStart = (ticketId: string) => ticketId.replace(/-/g, '').slice(0, 8).toLowerCase();

/**
 * The ticket a scan or a typed code names. A full barcode (code + 8 characters of the id) must match both;
 * a 4-digit code alone matches only when exactly one ticket has it (else null: the door asks for the name).
 */
export function findByScan(tickets: readonly DoorTicket[], raw: string): DoorTicket | null {
  const scan = parseTicketScan(raw);
  if (!scan) return null;
  if (scan.idPrefix) {
    return (
      tickets.find((t) => t.code === scan.code && idStart(t.ticketId) === scan.idPrefix) ??
      // a ticket whose code changed (ticket number renumbered) still has its id
      tickets.find((t) => idStart(t.ticketId) === scan.idPrefix) ??
      null
    );
  }
  const withCode = tickets.filter((t) => t.code === scan.code);
  return withCode.length === 1 ? withCode[0]! : null;
}

/** True when the text is something a scanner or a code search reads (not a name). */
export const looksLikeScan = (raw: string) => parseTicketScan(raw) !== null;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/**
 * Search by name (every word must appear) or by the start of the 4-digit code; active tickets first, then
 * checked-in, then cancelled, each by name. At most `limit` rows.
 */
export function searchTickets(tickets: readonly DoorTicket[], query: string, limit = 8): DoorTicket[] {
  const text = fold(query);
  if (!text) return [];
  const words = text.split(/\s+/);
  const digits = /^\d{1,4}$/.test(text);
  const order: Record<ParticipantState, number> = { active: 0, 'checked-in': 1, cancelled: 2 };
  return tickets
    .filter((t) => (digits ? t.code.startsWith(text) : words.every((w) => fold(t.holderName).includes(w))))
    .sort((a, b) => order[a.state] - order[b.state] || a.holderName.localeCompare(b.holderName, 'de'))
    .slice(0, limit);
}

/**
 * The answer of the device for one ticket, and the ticket as it is after the check-in: only an active
 * ticket is checked in (at `at`); a checked-in one answers 'already' with its first time, a cancelled one
 * 'cancelled' (docs/product/organizer-day.md#offline-check-in).
 */
export function checkInLocally(
  ticket: DoorTicket | null,
  at: string,
): { outcome: DoorOutcome; changed: DoorTicket | null } {
  if (!ticket) return { outcome: { result: 'unknown' }, changed: null };
  if (ticket.state === 'cancelled')
    return { outcome: { result: 'cancelled', participant: ticket }, changed: null };
  if (ticket.state === 'checked-in')
    return { outcome: { result: 'already', participant: ticket }, changed: null };
  const changed: DoorTicket = { ...ticket, state: 'checked-in', checkedInAt: at, checkedInBy: null };
  return { outcome: { result: 'checked-in', participant: changed }, changed };
}

/** Good answers beep high, the others low (and vibrate longer). */
export const isGoodOutcome = (outcome: DoorOutcome) => outcome.result === 'checked-in';
