import type { Db } from '../../db/client';
import { AppError } from '../app-error';

export interface RefundAllTicketsOptions {
  db: Db;
  eventId: string;
  /** The admin who cancelled the event (recorded as the refunds' creator). */
  actorId: string;
  reason: string;
  now?: Date;
}

export interface RefundAllTicketsResult {
  refundedTickets: number;
  refundedCents: number;
}

/**
 * TODO(lead: cancel-with-refund): spec admin §4 + DESIGN §4 — when an admin sets an event with active tickets
 * to 'Abgesagt' and confirms 'Event absagen und alle N Tickets voll erstatten?', every active ticket of the
 * event is cancelled with a 100 % refund (goodwill, regardless of policy), seats released, a refund row per
 * ticket recorded and the buyer mailed. The lead's ticket cancellation core implements it and replaces this
 * body; update-admin-event.ts already calls it after the event's own transaction has committed (no provider
 * call under a row lock), so only this function has to change.
 */
export async function refundAllTicketsOfEvent(
  options: RefundAllTicketsOptions,
): Promise<RefundAllTicketsResult> {
  void options;
  throw new AppError(
    'unavailable',
    'Die Erstattung aller Tickets ist noch nicht verfügbar. Bitte die Tickets einzeln unter „Tickets verwalten“ stornieren.',
  );
}
