import { and, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Participant } from '@shared/participants';
import type { ApiParticipant, CheckInResult, Page, checkInBodySchema, pageQuerySchema } from '@shared/api-v1';
import type { Actor } from '../actor';
import type { UseCaseDeps } from '../use-case-deps';
import { tickets } from '../../db/schema';
import { checkIn } from '../participants/check-in';
import { participantRows } from '../participants/participant-rows';
import { decodeCursor, pageOf } from './cursor';
import { findApiEvent } from './events';

const toApiParticipant = (participant: Participant): ApiParticipant => ({
  ticket_id: participant.ticketId,
  ticket_number: participant.ticketNumber,
  code: participant.code,
  holder_name: participant.holderName,
  buyer_name: participant.buyerName,
  email: participant.email,
  phone: participant.phone,
  order_number: participant.orderNumber,
  category_name: participant.categoryName ?? null,
  seats: participant.seats,
  state: participant.state === 'checked-in' ? 'checked_in' : participant.state,
  checked_in_at: participant.checkedInAt,
  booked_at: participant.bookedAt,
});

/**
 * Who is coming to an event (docs/product/organizer-day.md#participants), one row per ticket as the
 * participant list shows it, by ticket number (unique, so it is the cursor).
 */
export async function listApiParticipants(
  deps: Pick<UseCaseDeps, 'database'>,
  input: { eventId: string; query: z.output<typeof pageQuerySchema> },
): Promise<Page<ApiParticipant>> {
  const db = deps.database.db;
  const event = await findApiEvent(db, input.eventId);
  const after = decodeCursor(input.query.cursor, ['text']);
  const rows = await participantRows(
    db,
    and(eq(tickets.eventId, event.id), after ? gt(tickets.ticketNumber, after[0]!) : undefined),
  );
  // participantRows sorts by ticket number and has no limit: an event's list is hundreds of rows at most
  return pageOf(
    rows.slice(0, input.query.limit + 1),
    input.query.limit,
    (row) => [row.ticketNumber],
    toApiParticipant,
  );
}

/**
 * Checks a ticket in through the door's own use case (docs/product/organizer-day.md#check-in-authority): of
 * two devices, or a device and the API, scanning one ticket, one gets checked_in, the other already.
 */
export async function checkInApi(
  deps: Pick<UseCaseDeps, 'database'>,
  input: { actor: Actor; eventId: string; body: z.output<typeof checkInBodySchema>; now?: Date },
): Promise<CheckInResult> {
  const db = deps.database.db;
  const event = await findApiEvent(db, input.eventId);
  const outcome = await checkIn(
    db,
    input.actor,
    event.id,
    { ticketId: input.body.ticket_id, scan: input.body.scan },
    input.now,
  );
  const result = ({ 'checked-in': 'checked_in', 'other-event': 'other_event' } as const)[
    outcome.result as 'checked-in' | 'other-event'
  ];
  return {
    result: result ?? (outcome.result as CheckInResult['result']),
    participant: 'participant' in outcome ? toApiParticipant(outcome.participant) : null,
  };
}
