import { eq } from 'drizzle-orm';
import { answerColumns } from '@shared/answer-lists';
import {
  PARTICIPANT_CSV_COLUMNS,
  PARTICIPANT_STATE_LABELS,
  type Participant,
  type ParticipantList,
} from '@shared/participants';
import type { Actor } from '../actor';
import type { DbOrTx, Event } from '../../db/types';
import { tickets } from '../../db/schema';
import { CSV_BOM, csvEuros, csvLine } from '../csv/csv-cells';
import { assertMayRunEvent } from './assert-may-run-event';
import { seatFiguresOfEvent } from '../admin-events/seat-figures';
import { loadQuestions, toEventQuestion } from '../ticket-categories/category-seats';
import { countsOfEvents, organizerEventHead, participantRows, salesOfEvent } from './participant-rows';

/**
 * Who is coming (docs/product/organizer-day.md#participants): one row per ticket of the event, its counts and
 * sales; for admins and the event's organizers.
 */
export async function listParticipants(db: DbOrTx, actor: Actor, eventId: string): Promise<ParticipantList> {
  const event = await assertMayRunEvent(db, actor, eventId);
  return participantListOf(db, event);
}

async function participantListOf(db: DbOrTx, event: Event): Promise<ParticipantList> {
  const [participants, counts, seats, sales, columns] = [
    await participantRows(db, eq(tickets.eventId, event.id)),
    (await countsOfEvents(db, [event])).get(event.id)!,
    await seatFiguresOfEvent(db, event),
    await salesOfEvent(db, event.id, event.currency),
    await questionColumnsOf(db, event.id),
  ];
  return {
    event: { ...organizerEventHead(event), venue: event.venue },
    counts,
    seats,
    sales,
    participants,
    answerColumns: columns(participants),
  };
}

/** The answer columns of an event's participants: its questions, then deleted ones still answered. */
async function questionColumnsOf(db: DbOrTx, eventId: string) {
  const questions = (await loadQuestions(db, [eventId])).map(toEventQuestion);
  return (participants: Participant[]) =>
    answerColumns(
      questions,
      participants.flatMap((participant) => participant.answers ?? []),
    );
}

/** A ticket's answers to one question: a pair's two persons as 'vegan / alles' (person 1 first). */
const answerCell = (participant: Participant, questionId: string) =>
  (participant.answers ?? [])
    .filter((line) => line.questionId === questionId)
    .map((line) => line.text)
    .join(' / ');

/** '27.11.2026 18:42' in the event's time zone (no comma, so the cell needs no quotes). */
function dateTime(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const at = new Date(iso);
  const date = new Intl.DateTimeFormat('de-DE', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  const time = new Intl.DateTimeFormat('de-DE', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${date.format(at)} ${time.format(at)}`;
}

const participantLine = (participant: Participant, timeZone: string, questionIds: string[]) =>
  csvLine([
    participant.holderName,
    participant.buyerName,
    participant.email,
    participant.phone,
    participant.orderNumber,
    participant.code,
    csvEuros(participant.priceCents),
    String(participant.seats),
    PARTICIPANT_STATE_LABELS[participant.state],
    dateTime(participant.checkedInAt, timeZone),
    participant.checkedInBy,
    dateTime(participant.bookedAt, timeZone),
    participant.categoryName,
    // answers are the buyers' own text: csvCell neutralises a leading = + - @ (docs/product/ticket-categories.md#answers)
    ...questionIds.map((questionId) => answerCell(participant, questionId)),
  ]);

/**
 * The participant list as CSV (docs/product/organizer-day.md#participants), in the format of the admin
 * ticket export: semicolons, UTF-8 with BOM, German headers, times in the event's time zone; then the ticket's
 * category and one column per question (docs/product/ticket-categories.md#answers).
 */
export async function participantsCsv(
  db: DbOrTx,
  actor: Actor,
  eventId: string,
): Promise<{ slug: string; csv: string }> {
  const event = await assertMayRunEvent(db, actor, eventId);
  const participants = await participantRows(db, eq(tickets.eventId, event.id));
  const columns = (await questionColumnsOf(db, event.id))(participants);
  const questionIds = columns.map((column) => column.questionId);
  const csv =
    CSV_BOM +
    csvLine([...PARTICIPANT_CSV_COLUMNS, ...columns.map((column) => column.label)]) +
    participants.map((participant) => participantLine(participant, event.timezone, questionIds)).join('');
  return { slug: event.slug, csv };
}
