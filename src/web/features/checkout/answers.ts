// The answers of checkout's 'Fragen an Teilnehmende' (docs/product/ticket-categories.md#answers), loaded with the
// questions' form: only events with questions fetch this code.
import type { AnswerInput } from '@shared/booking-schemas';
import {
  answerKey,
  answerPersons,
  checkAnswers,
  isEmptyAnswer,
  type AnswerValue,
  type EventQuestion,
  type StoredAnswer,
} from '@shared/questions';

/** Per field key ('q:<id>' or 'q:<id>:<ticket>:<person>'), what was typed or chosen. */
export type AnswerValues = Record<string, AnswerValue>;

interface Line {
  name: string;
  quantity: number;
  seatsPerTicket: number;
}

/**
 * The persons per-ticket questions are asked for, in ticket order (the server issues tickets line by line), each
 * labelled 'Person 3 (Ticket 2: Doppelzimmer)'; a pair ticket has two. `named`: the event has several categories.
 */
export function answerSlots(lines: Line[], named: boolean) {
  const persons = answerPersons(lines);
  const ticketLine: string[] = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, () => line.name),
  );
  return persons.map((slot, index) => ({
    ...slot,
    label: `Person ${index + 1} (Ticket ${slot.ticket}${named ? `: ${ticketLine[slot.ticket - 1]}` : ''})`,
  }));
}

const clean = (value: AnswerValue): AnswerValue => (typeof value === 'string' ? value.trim() : value);

/**
 * What is sent for the current lines, and the messages of the shared check (required, choices, dates, lengths)
 * by field key; answers of persons no longer ordered stay behind.
 */
export function prepareAnswers(questions: EventQuestion[], values: AnswerValues, lines: Line[]) {
  const persons = answerPersons(lines);
  const answers: AnswerInput[] = [];
  for (const question of questions) {
    const slots = question.perTicket ? persons : [{ ticket: null, person: null }];
    for (const { ticket, person } of slots) {
      const value = values[answerKey(question.id, ticket, person)];
      if (value === undefined || isEmptyAnswer(clean(value))) continue;
      answers.push({ questionId: question.id, ticket, person, value: clean(value) });
    }
  }
  const stored: StoredAnswer[] = answers.map((answer) => ({ ...answer, label: '' }));
  return { answers, errors: checkAnswers(questions, stored, persons) };
}
