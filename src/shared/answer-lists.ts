import { answerText, type EventQuestion, type StoredAnswer } from './questions';

// Where stored answers are shown (docs/product/ticket-categories.md#answers): an order's answers once, a
// person's at their ticket; in the participant list, its CSV and print view, and at the door.

/** One answer as lists and the door read it: 'Ernährung: vegan'. */
export interface AnswerLine {
  questionId: string;
  label: string;
  /** 1 or 2 (a pair ticket's second person) for a per-person answer; null for the order's. */
  person: number | null;
  text: string;
}

export const ANSWER_TEXTS = {
  heading: 'Deine Angaben',
  edit: 'Antworten ändern',
  saved: 'Antworten gespeichert.',
  failed: 'Antworten konnten nicht gespeichert werden',
  order: 'Zur Bestellung',
  ticket: (position: number) => `Ticket ${position}`,
  person: (person: number) => `Person ${person}`,
  editDescription: 'Du kannst deine Antworten bis zum Beginn des Events ändern.',
} as const;

/** The order's answers (asked once per order). */
export const orderAnswers = (answers: readonly StoredAnswer[]) =>
  answers.filter((answer) => answer.ticket === null);

/** The answers of the persons on the ticket at this position (per-ticket questions), person 1 first. */
export const ticketAnswers = (answers: readonly StoredAnswer[], position: number) =>
  answers.filter((answer) => answer.ticket === position).sort((a, b) => (a.person ?? 1) - (b.person ?? 1));

export const toAnswerLine = (answer: StoredAnswer): AnswerLine => ({
  questionId: answer.questionId,
  label: answer.label,
  person: answer.ticket === null ? null : (answer.person ?? 1),
  text: answerText(answer.value),
});

/** 'Ernährung: vegan', and 'Ernährung (Person 2): alles' for a pair's second person. */
export const answerLineText = (line: AnswerLine, pair = false) =>
  `${line.label}${pair && line.person !== null ? ` (${ANSWER_TEXTS.person(line.person)})` : ''}: ${line.text}`;

/**
 * The columns of a list of answers (the participant CSV): the event's questions in their order, then the
 * labels of questions answered but deleted since (the stored label).
 */
export function answerColumns(
  questions: readonly Pick<EventQuestion, 'id' | 'label'>[],
  lines: readonly AnswerLine[],
): { questionId: string; label: string }[] {
  const columns = questions.map((question) => ({ questionId: question.id, label: question.label }));
  for (const line of lines) {
    if (!columns.some((column) => column.questionId === line.questionId)) {
      columns.push({ questionId: line.questionId, label: line.label });
    }
  }
  return columns;
}

/** 'Meine Tickets': a buyer's answers on one ticket's card (docs/product/ticket-categories.md#answers). */
export interface MyTicketAnswers {
  /** The ticket's position in its booking: its persons' answers name it. */
  position: number;
  /** The booking's first ticket in the list: its card shows the order's answers and 'Antworten ändern'. */
  first: boolean;
  /** Every answer of the booking (the form edits them all at once). */
  given: StoredAnswer[];
  /** The event's questions as they are now, for the form. */
  questions: EventQuestion[];
  /** The booking's lines: per-person questions are asked for quantity × seats per ticket persons. */
  lines: { quantity: number; seatsPerTicket: number }[];
  /** Until the event starts (PUT /api/bookings/:id/answers). */
  editable: boolean;
}
