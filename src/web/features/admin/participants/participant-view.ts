import { answerLineText } from '@shared/answer-lists';
import {
  PARTICIPANT_STATE_LABELS,
  type Participant,
  type ParticipantCounts,
  type ParticipantList,
} from '@shared/participants';
import { seatFiguresText, type SeatFigures } from '@shared/seat-figures';
import { formatTime } from '@web/lib/format';

const normalize = (text: string) => text.toLocaleLowerCase('de-DE').replace(/[\s-]+/g, '');

/**
 * The search of the participant list, in the browser (docs/product/organizer-day.md#participants): name on
 * the ticket, buyer, e-mail, order number, ticket code or number, category or an answer ('vegan'); case, spaces
 * and dashes do not matter.
 */
export function filterParticipants(participants: Participant[], query: string): Participant[] {
  const needle = normalize(query);
  if (!needle) return participants;
  return participants.filter((participant) =>
    [
      participant.holderName,
      participant.buyerName,
      participant.email,
      participant.orderNumber,
      participant.code,
      participant.ticketNumber,
      participant.categoryName ?? '',
      ...(participant.answers ?? []).map((line) => line.text),
    ].some((field) => normalize(field).includes(needle)),
  );
}

/** 'aktiv', 'storniert', 'eingecheckt 18:42' (the time in the event's time zone). */
export function participantStateText(participant: Participant, timeZone: string): string {
  if (participant.state === 'checked-in' && participant.checkedInAt) {
    return `${PARTICIPANT_STATE_LABELS['checked-in']} ${formatTime(participant.checkedInAt, timeZone)}`;
  }
  return PARTICIPANT_STATE_LABELS[participant.state];
}

/**
 * '12 verkauft · 1 angeboten (Warteliste) · 0 frei von 13 Plätzen' (the back office's one seat line,
 * docs/product/admin.md#seat-figures), '3 eingecheckt', '1 storniert', '2 offene Zahlungen'.
 */
export function countTexts(counts: ParticipantCounts, seats: SeatFigures): string[] {
  return [
    seatFiguresText(seats),
    `${counts.checkedIn} eingecheckt`,
    `${counts.cancelled} storniert`,
    counts.openPayments === 1 ? '1 offene Zahlung' : `${counts.openPayments} offene Zahlungen`,
  ];
}

/** Tickets whose holder 'Nachricht an alle' reaches: active and checked-in ones, not cancelled ones. */
export const isMessageable = (participant: Participant) => participant.state !== 'cancelled';

/** What the list shows beyond the basics: the category when the event has several, answers when it asks. */
export interface ParticipantDetails {
  categories: boolean;
  answers: boolean;
}

export const participantDetails = (list: ParticipantList): ParticipantDetails => ({
  categories: new Set(list.participants.map((participant) => participant.categoryName ?? null)).size > 1,
  answers:
    (list.answerColumns?.length ?? 0) > 0 ||
    list.participants.some((participant) => (participant.answers?.length ?? 0) > 0),
});

/** 'Ernährung: vegan', per line; a pair ticket's persons named (docs/product/ticket-categories.md#answers). */
export const answerTexts = (participant: Participant): string[] =>
  (participant.answers ?? []).map((line) => answerLineText(line, participant.seats > 1));
